import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldTitle, optionTitle, resourceTitle } from '../../../resources/labels.ts';
import type { FieldDef, FieldType, ResourceDef } from '../../../resources/types.ts';
import type { OptionLabel } from '../../../resources/cells.ts';

/** Widgets where a value is picked, not typed: a missing one is asked for with "Please select". */
const PICKED: readonly FieldType[] = ['select', 'radio', 'checkbox', 'selects', 'remoteSelect', 'remoteSelects', 'city', 'icon', 'color', 'date', 'datetime', 'timestamp'];
const UPLOADED: readonly FieldType[] = ['image', 'images', 'file', 'files'];

/** The "required" message that fits how a field is filled in: typed, picked or uploaded. */
export function requiredKey(type: FieldType | undefined): string {
  if (type && UPLOADED.includes(type)) return 'validate:fieldUpload';
  if (type && PICKED.includes(type)) return 'validate:fieldSelect';
  return 'validate:fieldRequired';
}

/**
 * Labels of a resource: its title, its fields, and its option values (switches fall back to on/off), from
 * the definition's own labels (generated resources) or the catalogue (hand-written ones).
 */
export function useResourceLabels(def: Pick<ResourceDef, 'name' | 'labels'> & Partial<Pick<ResourceDef, 'fields'>>) {
  const { t, i18n } = useTranslation(['crud-ui', 'resources', 'validate']);
  const lang = i18n.language;
  const fieldLabel = useCallback((field: string) => fieldTitle(def, field, lang, t), [t, def, lang]);
  const optionLabel: OptionLabel = useCallback(
    (field: FieldDef, value: string) => {
      const fallback = field.type === 'switch' ? t(value === '1' ? 'crud-ui:switch.on' : 'crud-ui:switch.off') : value;
      return optionTitle(def, field.name, value, lang, t) ?? fallback;
    },
    [t, def, lang],
  );
  const title = resourceTitle(def, lang, t);
  /** A validation key as a sentence about the field (the bare 'required' reads poorly on its own). */
  const errorText = useCallback(
    (key: string, field: string) => {
      const name = fieldLabel(field);
      const type = def.fields?.find((f) => f.name === field.replace(/_en$/, ''))?.type;
      if (key === 'validate:required') return t(requiredKey(type), { field: name });
      if (key === 'validate:editorRequired') return t('validate:contentEmpty');
      return t(key, { field: name });
    },
    [t, fieldLabel, def],
  );
  return { t, title, fieldLabel, optionLabel, errorText };
}
