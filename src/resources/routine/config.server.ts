import type { Lang } from '../../shared/i18n/langs.ts';
import { localizedText } from '../../shared/localized.ts';
import configResource, { CONFIG_CHOICE_TYPES, CONFIG_NAME, CONFIG_RULES, SCREEN_CONFIG_GROUPS } from './config.ts';
import { CONFIG_TYPES, type ConfigType, type KeyValue } from '../../shared/config.ts';
import { email } from '../../shared/schemas/fields.ts';
import { isTimeZone } from '../../shared/time.ts';
import {
  configText,
  contentOf,
  extendOf,
  initialValue,
  parseDictionary,
  parseExtend,
  presentValue,
  storeValue,
} from '../../server/services/configAdmin.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import type { Call } from '../../server/services/crud/call.ts';
import { testMailFailure } from '../../server/services/mail.ts';
import { guardConfigSave } from '../../server/services/secretBindings.ts';
import { NO_ACCESS_IP, listHolds, parseIpList } from '../../server/services/ipBan.ts';
import type { ConfigRow } from '../../server/services/settings.ts';
import { Refusal, Success } from '../../server/errors.ts';

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
 * back, and only items with `allow_del` can be deleted (through the recycle bin). Every write clears the
 * server caches.
 */
export default defineUnit(configResource, ({ knex, mail, caches, settings, outbound }) => {
  const allRows = () => knex<ConfigRow>('config').orderBy([{ column: 'weigh', order: 'desc' }, { column: 'id', order: 'asc' }]);
  return {
    invalidates: 'all',
    beforeDelete(rows) {
      const locked = rows.find((r) => !Number(r.allow_del));
      if (locked) throw new Refusal('admin-routine:configNotDeletable', 0, null, { name: locked.name });
      return rows;
    },
    actions: {
      index: {
        async get(call, engine) {
          const { t, lang } = call;
          const rows = await allRows();
          const groups = groupsOf(rows);
          const configGroup = Object.fromEntries(groups.map((g) => [g.key, configText(t, g.value)]));
          const list: Record<string, { name: string; title: string; list: ReturnType<typeof present>[] }> = {};
          for (const g of groups) list[g.key] = { name: g.key, title: configGroup[g.key]!, list: [] };
          for (const row of rows) if (!SCREEN_CONFIG_GROUPS.includes(row.group)) list[row.group]?.list.push(present(row, lang));
          const entrance = rows.find((r) => r.name === 'config_quick_entrance');
          const quickEntrance = entrance ? (presentValue(entrance) as KeyValue[]).map((e) => ({ key: configText(t, e.key), value: e.value })) : [];
          return { list, remark: await engine.remark(call), configGroup, quickEntrance };
        },
      },
      edit: {
        async post(call) {
          const { t, lang, input } = call;
          const rows = (await allRows()).filter((r) => !SCREEN_CONFIG_GROUPS.includes(r.group));
          const byName = new Map(rows.map((r) => [r.name, r]));
          const posted = Object.keys(input).filter((name) => byName.has(name));
          if (posted.length === 0) throw new Refusal('crud:parameterError');
          const updates: { id: number; value: string }[] = [];
          for (const name of posted) {
            const row = byName.get(name)!;
            const value = await storeValue(row, input[name], t, lang);
            if (value === null) continue;
            if (name === 'config_group') checkGroups(value, rows);
            if (name === 'time_zone') checkTimeZone(value);
            if (name === NO_ACCESS_IP) checkIpList(value, call.actor.ip);
            updates.push({ id: row.id, value });
          }
          await guardConfigSave(outbound, rows, updates);
          await knex.transaction(async (trx) => {
            for (const u of updates) await trx('config').where({ id: u.id }).update({ value: u.value });
          });
          await caches.clearAll();
          return new Success(null, 'admin-routine:configUpdated');
        },
      },
      add: {
        async post(call) {
          const { t, lang, input } = call;
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
          const value = 'value' in input ? await storeValue(row, input.value, t, lang) : null;
          await knex('config').insert({ ...row, value: value ?? initialValue(type), allow_del: true, weigh });
          await caches.clearAll();
          return new Success(null, 'crud:added');
        },
      },
      sendTestMail: {
        rateLimit: { max: 10, windowSec: 60 },
        post: (call) => sendTestMail(call),
      },
    },
  };

  async function sendTestMail(call: Call): Promise<Success<null>> {
    const { t, lang, input } = call;
    const to = text(input.testMail);
    if (!email().safeParse(to).success) throw new Refusal('validate:email');
    const mailSettings = await mail.testSettings(input);
    const site = (lang === 'en' && (await settings.get('site_name_en'))) || (await settings.get('site_name'));
    const body = t('admin-routine:testMailBody', { site });
    try {
      await mail.send({ to, subject: t('admin-routine:testMailSubject', { site }), html: `<p>${escapeHtml(body)}</p>`, text: body }, mailSettings);
    } catch (err) {
      throw testMailFailure(err);
    }
    return new Success(null, 'admin-routine:testMailSent');
  }
});
