import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { formFields } from '../../../resources/schema.ts';
import { actionUrl } from '../../../resources/naming.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { reportFailure } from '../../../shared/request/client.ts';
import { useAdmin } from '../context.ts';
import { FormFields } from './FormFields.tsx';
import { hasEditor, toFormValues, toPostBody, validateBody, type FieldErrors, type FormMode, type FormValue, type FormValues } from './formModel.ts';
import { useResourceLabels } from './labels.ts';
import type { Row } from './listModel.ts';
import { Modal } from './Modal.tsx';
import { RecordLoading } from './RecordState.tsx';
import { SaveFooter } from './SaveFooter.tsx';

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

const FIELD = 'input:not([type=hidden]):not([tabindex="-1"]),select,textarea,[contenteditable=true]';

/** Focuses the first input inside `scope`, or its first button when it has none (an uploader). */
function focusIn(scope: Element | null | undefined): void {
  (scope?.querySelector<HTMLElement>(FIELD) ?? scope?.querySelector<HTMLElement>('button'))?.focus();
}

function safeId(raw: string): string {
  return raw.replace(/[^\w-]/g, '');
}

/**
 * The add/edit dialog of a resource: one input per form field, localized fields in both languages side
 * by side, validated with the schema the server runs before anything is posted. Edit loads the row first.
 */
export function CrudForm({ def, mode, id, fields: shown, title, prepareBody, onClose, onSaved }: CrudFormProps) {
  const { request, siteConfig } = useAdmin();
  const { timeZone } = siteConfig;
  const { t, title: resourceTitle } = useResourceLabels(def);
  const fields = useMemo(() => shown ?? formFields(def), [shown, def]);
  const formId = `crud-form-${safeId(useId())}`;
  const [values, setValues] = useState<FormValues | null>(() => (mode === 'add' ? toFormValues(def, null, fields, timeZone) : null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (mode !== 'edit') return;
    let current = true;
    request<{ row: Row }>(actionUrl(def, 'edit'), { params: { [def.pk]: id } }, { showCodeMessage: false, showErrorMessage: false }).then(
      (answer) => {
        if (!current) return;
        setValues(toFormValues(def, answer.data.row, fields, timeZone));
      },
      (err: unknown) => current && reportFailure(err, setProblem),
    );
    return () => {
      current = false;
    };
  }, [mode, def, id, fields, request, timeZone]);

  // An edited row's inputs exist only once it has loaded: then the focus moves from the close button to them.
  const loaded = values !== null;
  useEffect(() => {
    if (loaded && mode === 'edit') focusIn(bodyRef.current);
  }, [loaded, mode]);

  function set(column: string, value: FormValue): void {
    setValues((v) => (v ? { ...v, [column]: value } : v));
    if (errors[column]) setErrors(({ [column]: _, ...rest }) => rest);
  }

  async function submit(): Promise<void> {
    if (!values || busy) return;
    const raw = toPostBody(def, values, mode, id, fields);
    const body = prepareBody ? prepareBody(raw) : raw;
    const found = validateBody(def, body);
    setErrors(found);
    setProblem(null);
    const first = Object.keys(found)[0];
    if (first) {
      focusIn(bodyRef.current?.querySelector(`[data-column="${CSS.escape(first)}"]`));
      return;
    }
    setBusy(true);
    try {
      await request(actionUrl(def, mode), { method: 'POST', body }, { showSuccessMessage: true, showCodeMessage: false, showErrorMessage: false });
      onSaved();
    } catch (err) {
      reportFailure(err, setProblem);
    } finally {
      setBusy(false);
    }
  }

  const size = hasEditor(fields) ? 'xl' : fields.some((f) => f.localized) || fields.length > 6 ? 'lg' : 'md';
  return (
    <Modal
      title={title ?? t(mode === 'add' ? 'crud-ui:form.addTitle' : 'crud-ui:form.editTitle', { title: resourceTitle })}
      size={size}
      onClose={() => {
        if (!busy) onClose();
      }}
      onSubmit={() => void submit()}
      footer={<SaveFooter busy={busy} ready={!!values} onCancel={onClose} />}
    >
      <div ref={bodyRef} id={formId} data-crud-form={def.name} data-mode={mode}>
        {problem && (
          <div className="alert alert-danger py-2" role="alert">
            {problem}
          </div>
        )}
        {Object.keys(errors).length > 0 && (
          <div className="alert alert-warning py-2" role="alert">
            {t('crud-ui:form.fixErrors')}
          </div>
        )}
        {values ? (
          <FormFields def={def} fields={fields} values={values} errors={errors} mode={mode} formId={formId} onChange={set} />
        ) : problem ? null : (
          <RecordLoading />
        )}
      </div>
    </Modal>
  );
}
