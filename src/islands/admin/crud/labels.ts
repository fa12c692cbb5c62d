import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabelKey } from '../../../resources/naming.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import type { OptionLabel } from './cells.ts';

/** Catalogue labels of a resource: its title, its fields, and its option values (switches fall back to on/off). */
export function useResourceLabels(def: Pick<ResourceDef, 'name'>) {
  const { t } = useTranslation(['crud-ui', 'resources', 'validate']);
  const fieldLabel = useCallback((field: string) => t(fieldLabelKey(def, field), { defaultValue: field }), [t, def]);
  const optionLabel: OptionLabel = useCallback(
    (field: FieldDef, value: string) => {
      const fallback = field.type === 'switch' ? t(value === '1' ? 'crud-ui:switch.on' : 'crud-ui:switch.off') : value;
      return t(`resources:${def.name}.options.${field.name}.${value}`, { defaultValue: fallback });
    },
    [t, def],
  );
  const title = t(`resources:${def.name}.title`, { defaultValue: def.name });
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
