import type { Lang } from '../../../shared/i18n/langs.ts';
import { localizedText } from '../../../shared/localized.ts';
import configResource, { CONFIG_CHOICE_TYPES, CONFIG_NAME, CONFIG_RULES, CONFIG_TYPES, SCREEN_CONFIG_GROUPS, type ConfigType } from '../../../resources/routine/config.ts';
import { findResource } from '../../../resources/index.ts';
import { email } from '../../../shared/schemas/fields.ts';
import { isTimeZone } from '../../../shared/time.ts';
import {
  configText,
  contentOf,
  extendOf,
  initialValue,
  parseDictionary,
  parseExtend,
  presentValue,
  storeValue,
  type KeyValue,
} from '../../../server/services/configAdmin.ts';
import { CrudEngine } from '../../../server/services/crud/engine.ts';
import type { Services } from '../../../server/services/index.ts';
import { testMailFailure } from '../../../server/services/mail.ts';
import { guardConfigSave } from '../../../server/services/secretBindings.ts';
import { ruleRemark } from '../../../server/services/remarks.ts';
import { NO_ACCESS_IP, listHolds, parseIpList } from '../../../server/services/ipBan.ts';
import type { ConfigRow } from '../../../server/services/settings.ts';
import type { ApiRoute } from '../../types.ts';
import { Refusal, Success } from '../../../server/errors.ts';

const GROUP_KEY = /^[A-Za-z][A-Za-z0-9_]{0,29}$/;

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A config row as the screen shows it (reference 3.10 index): title and tip in the reader's language, as
 * the reference translates them, with the stored English beside them so a client can tell a fallback.
 */
function present(row: ConfigRow, lang: Lang) {
  return {
    id: row.id,
    name: row.name,
    group: row.group,
    title: localizedText(row, 'title', lang).text,
    title_en: row.title_en,
    tip: localizedText(row, 'tip', lang).text,
    tip_en: row.tip_en,
    type: row.type,
    value: presentValue(row),
    content: contentOf(row),
    rule: row.rule,
    ...extendOf(row),
    allow_del: Number(row.allow_del),
    weigh: row.weigh,
  };
}

function groupsOf(rows: ConfigRow[]): KeyValue[] {
  const row = rows.find((r) => r.name === 'config_group');
  return row ? (presentValue(row) as KeyValue[]) : [];
}

/** Checks a new `config_group` value: sound keys, no duplicates, and no group left behind that still has items. */
function checkGroups(stored: string, rows: ConfigRow[]): void {
  const groups = JSON.parse(stored) as KeyValue[];
  if (groups.length === 0) throw new Refusal('admin-routine:configGroupsEmpty');
  const keys = new Set<string>();
  for (const g of groups) {
    if (!GROUP_KEY.test(g.key) || keys.has(g.key)) throw new Refusal('admin-routine:configGroupKey', 0, null, { key: g.key });
    keys.add(g.key);
  }
  const orphaned = rows.find((r) => !keys.has(r.group) && !SCREEN_CONFIG_GROUPS.includes(r.group));
  if (orphaned) throw new Refusal('admin-routine:configGroupInUse', 0, null, { group: orphaned.group });
}

function checkTimeZone(value: string): void {
  if (!isTimeZone(value)) throw new Refusal('admin-routine:timeZoneInvalid', 0, null, { zone: value });
}

/** Each line an address or range, and none that would shut out the admin saving it. */
function checkIpList(value: string, ownIp: string): void {
  const { list, invalid } = parseIpList(value);
  if (invalid.length > 0) throw new Refusal('security:ipListInvalid', 0, null, { line: invalid[0]!.slice(0, 60) });
  if (listHolds(list, ownIp)) throw new Refusal('security:ipListHoldsYou', 0, null, { ip: ownIp });
}

/**
 * routine/config (reference 3.10, with its ⚠ fixed): the index needs a login, password values are never sent
 * back, and only items with `allow_del` can be deleted. Every write clears the server caches.
 */
export function configRoutes(services: Services): ApiRoute[] {
  const { knex, mail } = services;
  const { caches } = services;
  const engine = new CrudEngine(
    knex,
    configResource,
    {
      beforeDelete(rows) {
        const locked = rows.find((r) => !Number(r.allow_del));
        if (locked) throw new Refusal('admin-routine:configNotDeletable', 0, null, { name: locked.name });
        return rows;
      },
    },
    findResource,
  );
  const allRows = () => knex<ConfigRow>('config').orderBy([{ column: 'weigh', order: 'desc' }, { column: 'id', order: 'asc' }]);

  return [
    {
      methods: ['GET'],
      path: '/admin/routine.Config/index',
      auth: 'adminRule',
      async handler({ ctx }) {
        const t = ctx.state.t;
        const rows = await allRows();
        const groups = groupsOf(rows);
        const configGroup = Object.fromEntries(groups.map((g) => [g.key, configText(t, g.value)]));
        const list: Record<string, { name: string; title: string; list: ReturnType<typeof present>[] }> = {};
        for (const g of groups) list[g.key] = { name: g.key, title: configGroup[g.key]!, list: [] };
        for (const row of rows) if (!SCREEN_CONFIG_GROUPS.includes(row.group)) list[row.group]?.list.push(present(row, ctx.state.lang));
        const entrance = rows.find((r) => r.name === 'config_quick_entrance');
        const quickEntrance = entrance ? (presentValue(entrance) as KeyValue[]).map((e) => ({ key: configText(t, e.key), value: e.value })) : [];
        return { list, remark: await ruleRemark(knex, configResource.name, t), configGroup, quickEntrance };
      },
    },
    {
      methods: ['POST'],
      path: '/admin/routine.Config/edit',
      auth: 'adminRule',
      async handler({ ctx, input }) {
        const t = ctx.state.t;
        const rows = (await allRows()).filter((r) => !SCREEN_CONFIG_GROUPS.includes(r.group));
        const byName = new Map(rows.map((r) => [r.name, r]));
        const posted = Object.keys(input).filter((name) => byName.has(name));
        if (posted.length === 0) throw new Refusal('crud:parameterError');
        const updates: { id: number; value: string }[] = [];
        for (const name of posted) {
          const row = byName.get(name)!;
          const value = storeValue(row, input[name], t, ctx.state.lang);
          if (value === null) continue;
          if (name === 'config_group') checkGroups(value, rows);
          if (name === 'time_zone') checkTimeZone(value);
          if (name === NO_ACCESS_IP) checkIpList(value, ctx.ip);
          updates.push({ id: row.id, value });
        }
        await guardConfigSave(services.outbound, rows, updates);
        await knex.transaction(async (trx) => {
          for (const u of updates) await trx('config').where({ id: u.id }).update({ value: u.value });
        });
        await caches.clearAll();
        return new Success(null, 'admin-routine:configUpdated');
      },
    },
    {
      methods: ['POST'],
      path: '/admin/routine.Config/add',
      auth: 'adminRule',
      async handler({ ctx, input }) {
        const t = ctx.state.t;
        const label = (field: string) => t(`resources:routine/config.fields.${field}`);
        const name = text(input.name);
        if (!name) throw new Refusal('validate:fieldRequired', 0, null, { field: label('name') });
        if (!CONFIG_NAME.test(name)) throw new Refusal('admin-routine:configNameFormat');
        const rows = await allRows();
        if (rows.some((r) => r.name === name)) throw new Refusal('admin-routine:configNameTaken', 0, null, { name });
        const group = text(input.group);
        if (!groupsOf(rows).some((g) => g.key === group)) throw new Refusal('admin-routine:configGroupUnknown', 0, null, { group });
        const type = text(input.type) as ConfigType;
        if (!CONFIG_TYPES.includes(type)) throw new Refusal('admin-routine:configTypeUnknown', 0, null, { type });
        const title = text(input.title);
        if (!title) throw new Refusal('validate:fieldRequired', 0, null, { field: label('title') });
        const tip = text(input.tip);
        const titleEn = text(input.title_en);
        const tipEn = text(input.tip_en);
        if (title.length > 50 || tip.length > 100 || titleEn.length > 50 || tipEn.length > 100) throw new Refusal('validate:tooLong');
        const rules = (Array.isArray(input.rule) ? input.rule.map(text) : text(input.rule).split(',')).map((r) => r.trim()).filter(Boolean);
        if (rules.some((r) => !(CONFIG_RULES as readonly string[]).includes(r))) throw new Refusal('validate:invalidField', 0, null, { field: label('rule') });
        const content = CONFIG_CHOICE_TYPES.includes(type) ? parseDictionary(typeof input.content === 'string' ? input.content : '') : null;
        if (content && Object.keys(content).length === 0) throw new Refusal('admin-routine:configChoicesRequired');
        const inputExtend = parseExtend(typeof input.inputExtend === 'string' ? input.inputExtend : text(input.input_extend));
        const extendObject = { ...parseExtend(typeof input.extend === 'string' ? input.extend : ''), ...(Object.keys(inputExtend).length ? { baInputExtend: inputExtend } : {}) };
        const extend = Object.keys(extendObject).length ? JSON.stringify(extendObject) : '';
        if (extend.length > 255) throw new Refusal('validate:tooLong');
        const weigh = Number(text(input.weigh) || 0);
        if (!Number.isInteger(weigh)) throw new Refusal('validate:integer');
        const row = { name, group, title, title_en: titleEn, tip, tip_en: tipEn, type, content: content ? JSON.stringify(content) : '', rule: [...new Set(rules)].join(','), extend };
        const value = 'value' in input ? storeValue(row, input.value, t, ctx.state.lang) : null;
        await knex('config').insert({ ...row, value: value ?? initialValue(type), allow_del: true, weigh });
        await caches.clearAll();
        return new Success(null, 'crud:added');
      },
    },
    {
      methods: ['DELETE'],
      path: '/admin/routine.Config/del',
      auth: 'adminRule',
      async handler(req) {
        const result = await engine.del(req);
        await caches.clearAll();
        return result;
      },
    },
    {
      methods: ['POST'],
      path: '/admin/routine.Config/sendTestMail',
      auth: 'adminRule',
      rateLimit: { max: 10, windowSec: 60 },
      async handler({ ctx, input }) {
        const t = ctx.state.t;
        const to = text(input.testMail);
        if (!email().safeParse(to).success) throw new Refusal('validate:email');
        const settings = await mail.testSettings(input);
        const site = (ctx.state.lang === 'en' && (await services.settings.get('site_name_en'))) || (await services.settings.get('site_name'));
        const body = t('admin-routine:testMailBody', { site });
        try {
          await mail.send(
            { to, subject: t('admin-routine:testMailSubject', { site }), html: `<p>${escapeHtml(body)}</p>`, text: body },
            settings,
          );
        } catch (err) {
          throw testMailFailure(err);
        }
        return new Success(null, 'admin-routine:testMailSent');
      },
    },
  ];
}
