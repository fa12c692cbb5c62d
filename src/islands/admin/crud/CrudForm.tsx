import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { formFields } from '../../../resources/schema.ts';
import { actionUrl } from '../../../resources/naming.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { RequestError } from '../../../shared/request/client.ts';
import { useAdmin } from '../context.ts';
import { FieldInput, isGroupWidget } from './FieldInput.tsx';
import { hasEditor, inputColumns, toFormValues, toPostBody, validateBody, type FieldErrors, type FormMode, type FormValue, type FormValues } from './formModel.ts';
import { useResourceLabels } from './labels.ts';
import type { Row } from './listModel.ts';
import { Modal } from './Modal.tsx';
import { RecordLoading } from './RecordState.tsx';

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
  const { t, title: resourceTitle, fieldLabel, errorText } = useResourceLabels(def);
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
      (err: unknown) => current && !(err instanceof RequestError && err.kind === 'cancel') && setProblem(err instanceof Error ? err.message : String(err)),
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

  const inputId = (column: string) => `${formId}-${column}`;

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
      if (!(err instanceof RequestError && err.kind === 'cancel')) setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  /** One input with its label (or its language label inside a localized pair) and its error. */
  function input(field: FieldDef, column: string, label: ReactNode, required: boolean): ReactNode {
    const elementId = inputId(column);
    const labelId = `${elementId}-label`;
    const errorKey = errors[column];
    const errorId = errorKey ? `${elementId}-error` : undefined;
    const group = isGroupWidget(field);
    return (
      <div data-column={column}>
        {group ? (
          <span id={labelId} className="form-label d-block">
            {label}
          </span>
        ) : (
          <label id={labelId} htmlFor={elementId} className="form-label">
            {label}
          </label>
        )}
        <FieldInput
          def={def}
          field={field}
          id={elementId}
          labelId={labelId}
          value={values![column] ?? ''}
          onChange={(v) => set(column, v)}
          invalid={!!errorKey}
          describedBy={errorId}
          required={required}
          mode={mode}
          lang={column.endsWith('_en') && field.localized ? 'en' : undefined}
        />
        {errorKey && (
          <div id={errorId} className="invalid-feedback d-block">
            {errorText(errorKey, field.name)}
          </div>
        )}
      </div>
    );
  }

  const requiredMark = (
    <>
      <span className="text-danger ms-1" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden"> ({t('crud-ui:form.required')})</span>
    </>
  );

  function row(field: FieldDef): ReactNode {
    const name = fieldLabel(field.name);
    const required = !!field.required;
    if (!field.localized) {
      return (
        <div className="mb-3" key={field.name} data-field={field.name}>
          {input(field, field.name, <>{name}{required && requiredMark}</>, required)}
        </div>
      );
    }
    const [zh, en] = inputColumns(field) as [string, string];
    return (
      <fieldset className="mb-3" key={field.name} data-field={field.name}>
        <legend className="form-label fs-6 fw-semibold mb-1">
          {name}
          {required && requiredMark}
        </legend>
        <div className="row g-2">
          <div className="col-md-6">
            {input(
              field,
              zh,
              <span className="small text-body-secondary">
                <span className="visually-hidden">{name} </span>
                {t('crud-ui:form.langZh')}
              </span>,
              required,
            )}
          </div>
          <div className="col-md-6">
            {input(
              field,
              en,
              <span className="small text-body-secondary">
                <span className="visually-hidden">{name} </span>
                {t('crud-ui:form.langEn')} ({t('crud-ui:form.optional')})
              </span>,
              false,
            )}
          </div>
        </div>
      </fieldset>
    );
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
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
            {t('crud-ui:form.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !values} aria-busy={busy || undefined} data-form-submit="">
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('crud-ui:form.save')}
          </button>
        </>
      }
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
          fields.map(row)
        ) : problem ? null : (
          <RecordLoading />
        )}
      </div>
    </Modal>
  );
}
