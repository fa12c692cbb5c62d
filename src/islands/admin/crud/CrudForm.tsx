import { useEffect, useId, useMemo, useState } from 'react';
import { formFields } from '../../../resources/schema.ts';
import { actionUrl } from '../../../resources/naming.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { useAdmin } from '../context.ts';
import { FormDialog } from './FormDialog.tsx';
import { FormFields } from './FormFields.tsx';
import { hasEditor, toFormValues, toPostBody, validateBody, type FormMode, type FormValue, type FormValues } from './formModel.ts';
import { useResourceLabels } from './labels.ts';
import type { Row } from './listModel.ts';
import { useFormSubmit } from './useFormSubmit.ts';

export interface CrudFormProps {
  def: ResourceDef;
  mode: FormMode;
  /** The primary key of the edited row (edit mode). */
  id?: string;
  /** The inputs shown; default every form field of the definition. */
  fields?: readonly FieldDef[];
  /** Dialog title; default "Add / Edit · <resource title>". */
  title?: string;
  /** Adjusts the body before it is validated and posted (a special screen's extra values). */
  prepareBody?(body: Record<string, unknown>): Record<string, unknown>;
  onClose(): void;
  /** After a successful save (the server's message has been shown). */
  onSaved(): void;
}

/**
 * The add/edit dialog of a resource: one input per form field, localized fields in both languages side
 * by side, validated with the schema the server runs before anything is posted. Edit loads the row first.
 */
export function CrudForm({ def, mode, id, fields: shown, title, prepareBody, onClose, onSaved }: CrudFormProps) {
  const { request, siteConfig } = useAdmin();
  const { timeZone } = siteConfig;
  const { title: resourceTitle } = useResourceLabels(def);
  const fields = useMemo(() => shown ?? formFields(def), [shown, def]);
  const formId = `crud-form-${useId().replace(/[^\w-]/g, '')}`;
  const [values, setValues] = useState<FormValues | null>(() => (mode === 'add' ? toFormValues(def, null, fields, timeZone) : null));
  const form = useFormSubmit(values !== null, onSaved);
  const { failed } = form;

  useEffect(() => {
    if (mode !== 'edit') return;
    let current = true;
    request<{ row: Row }>(actionUrl(def, 'edit'), { params: { [def.pk]: id } }, { showCodeMessage: false, showErrorMessage: false }).then(
      (answer) => {
        if (!current) return;
        setValues(toFormValues(def, answer.data.row, fields, timeZone));
      },
      (err: unknown) => current && failed(err),
    );
    return () => {
      current = false;
    };
  }, [mode, def, id, fields, request, timeZone, failed]);

  function set(column: string, value: FormValue): void {
    setValues((v) => (v ? { ...v, [column]: value } : v));
    form.clearError(column);
  }

  function submit(): void {
    if (!values) return;
    const raw = toPostBody(def, values, mode, id, fields);
    const body = prepareBody ? prepareBody(raw) : raw;
    void form.submit(actionUrl(def, mode), body, validateBody(def, body));
  }

  const size = hasEditor(fields) ? 'xl' : fields.some((f) => f.localized) || fields.length > 6 ? 'lg' : 'md';
  return (
    <FormDialog form={form} mode={mode} subject={resourceTitle} title={title} size={size} marks={{ id: formId, 'data-crud-form': def.name }} onClose={onClose} onSubmit={submit}>
      {values && <FormFields def={def} fields={fields} values={values} errors={form.errors} mode={mode} formId={formId} onChange={set} />}
    </FormDialog>
  );
}
