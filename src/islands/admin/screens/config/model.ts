/**
 * The pure side of the config screen (routine/config, admin-api 3.10): an item's index value to what its
 * widget holds and back, the key/value rows of array items, the `key=value` lines of the add dialog, and
 * which generic widget (FieldInput) serves an item. No React: unit-tested directly.
 */
import { allAdminResources, findAdminResource } from '../../crud/resourceStore.ts';
import { actionUrl } from '../../../../resources/naming.ts';
import { CONFIG_CHOICE_TYPES, CONFIG_NAME } from '../../../../resources/routine/config.ts';
import type { ConfigIndex, ConfigItem, ConfigType, KeyValue } from '../../../../shared/config.ts';
import type { FieldDef, FieldType } from '../../../../resources/types.ts';

/** One line of the array editor; `id` keeps React's rows apart while keys are being typed. */
export interface KeyValueRow extends KeyValue {
  id: number;
}

/** What an item's widget holds. */
export type ConfigValue = string | boolean | string[] | KeyValueRow[];

/** Keys the server drops from `key=value` lines. */
const UNSAFE_KEYS = ['__proto__', 'constructor', 'prototype'];

let rowSequence = 0;

/** A fresh, empty editor row. */
export function emptyRow(): KeyValueRow {
  rowSequence += 1;
  return { id: rowSequence, key: '', value: '' };
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** An array item's value (`[{key, value}]`, or an old `{key: value}` object) as editor rows. */
export function toRows(value: unknown): KeyValueRow[] {
  const entries: KeyValue[] = Array.isArray(value)
    ? value.filter((e): e is Record<string, unknown> => !!e && typeof e === 'object').map((e) => ({ key: text(e.key), value: text(e.value) }))
    : value && typeof value === 'object'
      ? Object.entries(value).map(([key, v]) => ({ key, value: text(v) }))
      : [];
  return entries.map((e) => ({ ...emptyRow(), ...e }));
}

/** Editor rows as the server stores them: trimmed, blank rows dropped. */
export function fromRows(rows: readonly KeyValueRow[]): KeyValue[] {
  return rows.map((r) => ({ key: r.key.trim(), value: r.value.trim() })).filter((r) => r.key !== '' || r.value !== '');
}

/**
 * `key=value` lines, read as the server reads them (admin-api 3.10 add): blank lines skipped, a line
 * without '=' is its own label, the first '=' splits, a repeated key keeps its place and its last value,
 * and keys that would reach an object's prototype are dropped.
 */
export function parseKeyValueLines(input: string): KeyValue[] {
  const out = new Map<string, string>();
  for (const line of input.split(/\r?\n/)) {
    const at = line.indexOf('=');
    const key = (at === -1 ? line : line.slice(0, at)).trim();
    if (!key || UNSAFE_KEYS.includes(key)) continue;
    out.set(key, at === -1 ? key : line.slice(at + 1).trim());
  }
  return [...out].map(([key, value]) => ({ key, value }));
}

/** Does this type offer a fixed list of choices (entered as `key=value` lines when the item is added)? */
export function isChoiceType(type: string): boolean {
  return (CONFIG_CHOICE_TYPES as readonly string[]).includes(type);
}

/** The resource a remote select item looks up: input extension `resource` (a resource name) or `remoteUrl`. */
export function remoteOf(item: Pick<ConfigItem, 'extend' | 'input_extend'>): FieldDef['remote'] | null {
  const setting = (key: string) => text(item.input_extend[key] ?? item.extend[key]).trim();
  const url = setting('remoteUrl').toLowerCase();
  const def = findAdminResource(setting('resource')) ?? (url ? allAdminResources().find((r) => actionUrl(r, 'index').toLowerCase() === url) : undefined);
  return def ? { resource: def.name, labelField: setting('field') || 'name' } : null;
}

/** Types the generic field widget shows the same way as a resource field. */
const GENERIC: Partial<Record<ConfigType, FieldType>> = {
  string: 'string',
  password: 'password',
  number: 'float',
  textarea: 'textarea',
  switch: 'switch',
  date: 'date',
  datetime: 'datetime',
  editor: 'editor',
  city: 'city',
  image: 'image',
  images: 'images',
  file: 'file',
  files: 'files',
  icon: 'icon',
  color: 'color',
};

/**
 * The field the generic widget (FieldInput) needs for an item, or null when the config screen has a widget
 * of its own (choices labelled by the item's content, key/value rows, year, time). A remote select without
 * a known resource is a text input of comma-separated keys.
 */
export function itemField(item: ConfigItem): FieldDef | null {
  if (item.type === 'remoteSelect' || item.type === 'remoteSelects') {
    const remote = remoteOf(item);
    return remote ? { name: item.name, type: item.type, remote } : { name: item.name, type: 'string' };
  }
  const type = GENERIC[item.type];
  return type ? { name: item.name, type } : null;
}

export function hasRule(item: Pick<ConfigItem, 'rule'>, rule: string): boolean {
  return item.rule.split(',').map((r) => r.trim()).includes(rule);
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text).filter(Boolean);
  return text(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Types whose widget holds several values. */
const MULTI: readonly ConfigType[] = ['checkbox', 'selects', 'city', 'images', 'files'];

/** An item's index value as its widget holds it. */
export function toWidgetValue(item: ConfigItem): ConfigValue {
  const { type, value } = item;
  if (type === 'switch') return value === true;
  if (type === 'array') return toRows(value);
  if (type === 'remoteSelects') return remoteOf(item) ? list(value) : list(value).join(',');
  if (MULTI.includes(type)) return list(value);
  // datetime-local shows 'YYYY-MM-DDTHH:mm:ss'; the server stores a space (and takes either back).
  if (type === 'datetime') return text(value).replace(' ', 'T');
  return text(value);
}

/** Does a widget value hold editor rows (an array item) rather than what the generic widgets hold? */
export function isRows(value: ConfigValue): value is KeyValueRow[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object');
}

/** A widget's value as the edit post carries it (admin-api 3.10 edit). */
export function toPostValue(item: ConfigItem, value: ConfigValue): unknown {
  if (item.type === 'array') return fromRows(isRows(value) ? value : []);
  return value;
}

/** The body of the edit post for one tab: its own items only, so the others keep what is stored. */
export function tabBody(items: readonly ConfigItem[], values: Readonly<Record<string, ConfigValue>>): Record<string, unknown> {
  return Object.fromEntries(items.map((item) => [item.name, toPostValue(item, values[item.name] ?? toWidgetValue(item))]));
}

/** The widget values of every item of every group, by item name. */
export function widgetValues(index: Pick<ConfigIndex, 'list'>): Record<string, ConfigValue> {
  return Object.fromEntries(Object.values(index.list).flatMap((g) => g.list.map((item) => [item.name, toWidgetValue(item)])));
}

/** Groups whose items on screen would post something other than what the index holds (unsaved edits). */
export function changedGroups(index: Pick<ConfigIndex, 'list'>, values: Readonly<Record<string, ConfigValue>>): string[] {
  return Object.values(index.list)
    .filter((g) => JSON.stringify(tabBody(g.list, values)) !== JSON.stringify(tabBody(g.list, {})))
    .map((g) => g.name);
}

/** The mail settings of the test mail: the mail tab's values as they are on screen, saved or not. */
export function mailTestBody(items: readonly ConfigItem[], values: Readonly<Record<string, ConfigValue>>, testMail: string): Record<string, unknown> {
  return { ...tabBody(items.filter((i) => i.name.startsWith('smtp_')), values), testMail: testMail.trim() };
}

/** The add dialog's inputs. */
export interface NewItem {
  group: string;
  type: ConfigType;
  name: string;
  title: string;
  /** The English title and tip; empty ones fall back to the Chinese for English readers. */
  title_en: string;
  tip: string;
  tip_en: string;
  rule: string[];
  content: string;
  extend: string;
  inputExtend: string;
  weigh: string;
}

/** Problems of the add dialog as `{input: catalogue key}` of the screen's namespace; empty when it may be sent. */
export function newItemProblems(item: NewItem): Partial<Record<keyof NewItem, string>> {
  const problems: Partial<Record<keyof NewItem, string>> = {};
  if (!item.group) problems.group = 'add.groupRequired';
  if (!CONFIG_NAME.test(item.name.trim())) problems.name = 'add.nameFormat';
  if (!item.title.trim()) problems.title = 'add.titleRequired';
  if (isChoiceType(item.type) && parseKeyValueLines(item.content).length === 0) problems.content = 'add.choicesRequired';
  if (!/^-?\d*$/.test(item.weigh.trim())) problems.weigh = 'add.weighInteger';
  return problems;
}

/** The add post (admin-api 3.10 add); choices are sent only for the types that have them. */
export function newItemBody(item: NewItem): Record<string, unknown> {
  return {
    group: item.group,
    type: item.type,
    name: item.name.trim(),
    title: item.title.trim(),
    title_en: item.title_en.trim(),
    tip: item.tip.trim(),
    tip_en: item.tip_en.trim(),
    rule: item.rule,
    content: isChoiceType(item.type) ? item.content : '',
    extend: item.extend,
    inputExtend: item.inputExtend,
    weigh: item.weigh.trim() || '0',
  };
}
