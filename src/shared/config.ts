/**
 * The config screen's items (routine/config, admin-api 3.10) as the server answers them and the screen
 * reads them: the item types, the `{key, value}` entries of array items, and the index list.
 */

/** Item types of the config screen (reference 3.10); each has its own widget and storage form. */
export const CONFIG_TYPES = [
  'string', 'password', 'number', 'radio', 'checkbox', 'switch', 'textarea', 'array', 'datetime', 'year', 'date', 'time',
  'select', 'selects', 'remoteSelect', 'remoteSelects', 'editor', 'city', 'image', 'images', 'file', 'files', 'icon', 'color',
] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

/** A `{key, value}` entry of an array item (config groups, quick entrances...). */
export interface KeyValue {
  key: string;
  value: string;
}

/** A row of the index `list` (admin-api 3.10). */
export interface ConfigItem {
  id: number;
  name: string;
  group: string;
  /** Title and tip in the page language; `title_en` / `tip_en` as stored, empty when there is no English. */
  title: string;
  title_en: string;
  tip: string;
  tip_en: string;
  type: ConfigType;
  /** Typed by the server: boolean for a switch, arrays for lists, a string otherwise. */
  value: unknown;
  /** The choices of radio, checkbox, select and selects; '' for other types. */
  content: Record<string, string> | '';
  rule: string;
  extend: Record<string, unknown>;
  input_extend: Record<string, unknown>;
  allow_del: number;
  weigh: number;
}

/** `data` of GET /admin/routine.Config/index. */
export interface ConfigIndex {
  list: Record<string, { name: string; title: string; list: ConfigItem[] }>;
  configGroup: Record<string, string>;
  quickEntrance: KeyValue[];
  remark: string;
}
