import type { SeedContext } from '../../src/server/seed.ts';
import { serverT } from '../../src/server/i18n.ts';
import { insertConfigItems } from '../../src/server/services/configSeeds.ts';
import { CHECKIN_SCORE_SETTING } from '../../src/server/services/activity/signups.ts';
import { NOTICE_TEMPLATES } from '../../src/server/services/activity/notices.ts';
import { insertRuleTree, menuTitles, type RuleSeed } from '../../src/server/services/ruleTree.ts';
import { memberView } from '../../src/shared/views.ts';

const MEMBER_MENU: RuleSeed = {
  type: 'menu',
  name: 'account/activity',
  ...menuTitles('user', 'menu.account/activity'),
  icon: 'fa fa-calendar',
  component: memberView('account/activity'),
  weigh: 94,
};

// Titles and tips are keys of the admin-routine:configText catalogue.
const SCORE_ITEM = {
  name: CHECKIN_SCORE_SETTING,
  group: 'basics',
  title: 'Points for attending an activity',
  tip: 'Given once to a member checked in at an activity; 0 gives none',
  type: 'number',
  value: '10',
  weigh: 0,
};

/** The placeholders the activity notices fill in themselves (SMS templates refuse undefined ones). */
const NOTICE_VARIABLES = ['title', 'time'];

/**
 * Activity sign-ups: "My activities" in the member centre (under "My account"; the default member group holds
 * '*'), the points for attending, the SMS templates and variables of the notices, and on a demo site sign-ups
 * for the upcoming activities (places, a fee for one of them, sign-ups closing the day before). The roster's
 * menu and its check-in and cancel permissions come from its resource definition.
 */
export async function seed({ knex, config }: SeedContext): Promise<void> {
  const account = await knex('user_rule').where({ name: 'account', type: 'menu_dir' }).first<{ id: number } | undefined>('id');
  if (account && !(await knex('user_rule').where({ name: MEMBER_MENU.name }).first())) {
    await insertRuleTree(knex, 'user_rule', [MEMBER_MENU], account.id);
  }
  await insertConfigItems(knex, [SCORE_ITEM]);
  const zh = serverT('zh-cn', 'activity');
  const en = serverT('en', 'activity');
  const time = Math.floor(Date.now() / 1000);
  for (const name of NOTICE_VARIABLES) {
    if (await knex('sms_variable').where({ name }).first()) continue;
    await knex('sms_variable').insert({ name, value_source: 'literal', value: '', title: zh(`sms.variables.${name}`), title_en: en(`sms.variables.${name}`), status: '1', create_time: time, update_time: time });
  }
  for (const [kind, code] of Object.entries(NOTICE_TEMPLATES)) {
    if (await knex('sms_template').where({ code }).first()) continue;
    await knex('sms_template').insert({
      code,
      title: zh(`sms.templates.${kind}`),
      title_en: en(`sms.templates.${kind}`),
      template: '',
      content: zh(`sms.content.${kind}`),
      content_en: en(`sms.content.${kind}`),
      status: '1',
      create_time: time,
      update_time: time,
    });
  }
  if (!config.seedDemo) return;
  const upcoming = await knex('brand_activity').where({ activity_status: 'upcoming' }).where('start_time', '>', time).orderBy('start_time').select<{ id: number; start_time: number }[]>('id', 'start_time');
  for (const [index, activity] of upcoming.entries()) {
    const start = Number(activity.start_time);
    if (start - 2 * 86_400 <= time) continue;
    await knex('brand_activity')
      .where({ id: activity.id })
      .update({ capacity: 30 + index * 10, fee: index === 0 ? 2000 : 0, signup_start: time, signup_end: start - 86_400, cancel_end: start - 2 * 86_400 });
  }
}
