import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldTitle, optionTitle, resourceTitle } from '../../../resources/labels.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import type { OptionLabel } from './cells.ts';

/**
 * Labels of a resource: its title, its fields, and its option values (switches fall back to on/off), from
 * the definition's own labels (generated resources) or the catalogue (hand-written ones).
 */
export function useResourceLabels(def: Pick<ResourceDef, 'name' | 'labels'>) {
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
      if (key === 'validate:required') return t('validate:fieldRequired', { field: name });
      if (key === 'validate:editorRequired') return t('validate:contentEmpty');
      return t(key, { field: name });
    },
    [t, fieldLabel],
  );
  return { t, title, fieldLabel, optionLabel, errorText };
}
