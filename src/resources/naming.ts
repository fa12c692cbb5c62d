import type { FieldDef, ResourceDef } from './types.ts';

/** 'content/news' → 'content.News'; 'auth/adminLog' → 'auth.AdminLog' (reference URL convention). */
export function controllerOf(name: string): string {
  const parts = name.split('/');
  const last = parts.pop() ?? '';
  return [...parts, last.charAt(0).toUpperCase() + last.slice(1)].join('.');
}

/** The admin API URL of a resource action, e.g. `/admin/content.News/index`. */
export function actionUrl(def: Pick<ResourceDef, 'name'>, action: string): string {
  return `/admin/${controllerOf(def.name)}/${action}`;
}

/** Columns a field occupies: a localized field has its English sibling; a virtual field none. */
export function columnsOf(field: FieldDef): string[] {
  if (field.virtual) return [];
  return field.localized ? [field.name, `${field.name}_en`] : [field.name];
}

/** Catalogue key of a field label in the `resources` namespace. */
export function fieldLabelKey(def: Pick<ResourceDef, 'name'>, field: string): string {
  return `resources:${def.name}.fields.${field}`;
}
