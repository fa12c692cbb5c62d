import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdmin } from '../../context.ts';
import { useFormProblem } from '../../../lib/useFormProblem.tsx';
import { Spinner } from '../../../app/Spinner.tsx';
import { BusySubmit } from '../../../lib/BusySubmit.tsx';

/** An item of GET /admin/<settings controller>/index: secrets come back empty, `set` says one is saved. */
interface Item {
  name: string;
  type: string;
  value: unknown;
  set: boolean;
  options: Record<string, string> | '';
}

export interface SettingsAnswer {
  items: Item[];
  [extra: string]: unknown;
}

export interface SettingsField {
  name: string;
  label: string;
  hint?: string;
  /** Letters and digits a valid value matches; checked before sending, as the server checks it. */
  pattern?: RegExp;
  /** Message of a value that does not match. */
  invalid?: string;
  /** A choice among the item's options, each with its label and explanation. */
  choices?: readonly { value: string; label: string; hint: string }[];
}

export interface SettingsFormProps {
  /** 'wechat.Config' → /admin/wechat.Config/index and /edit. */
  controller: string;
  fields: readonly SettingsField[];
  title: string;
  /** The column beside the form, from the index answer (callback URL...); `dirty` tells unsaved changes. */
  children?(answer: SettingsAnswer, state: { dirty: boolean }): ReactNode;
}

/**
 * A settings form over one config group: plain values shown and edited, secrets write-only (an empty field
 * keeps the saved secret, and says whether one is saved), choices as radio buttons with explanations.
 */
export function SettingsForm({ controller, fields, title, children }: SettingsFormProps) {
  const { t } = useTranslation('admin-screens-wechat');
  const { request } = useAdmin();
  const form = useFormProblem(controller.replace('.', '-').toLowerCase());
  const [answer, setAnswer] = useState<SettingsAnswer | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const { data } = await request<SettingsAnswer>(`/admin/${controller}/index`);
      setAnswer(data);
      setValues(Object.fromEntries(data.items.map((i) => [i.name, typeof i.value === 'string' ? i.value : ''])));
      setDirty(false);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [request, controller]);

  useEffect(() => {
    void load();
  }, [load]);

  const item = (name: string) => answer?.items.find((i) => i.name === name);
  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setDirty(true);
  };

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const wrong = fields.find((f) => f.pattern && values[f.name] && !f.pattern.test(values[f.name]!.trim()));
    if (wrong) return form.report({ field: wrong.name, message: wrong.invalid ?? 'validate:invalid' });
    form.report(null);
    setBusy(true);
    try {
      // An empty secret field is left out: the saved secret stays.
      const body = Object.fromEntries(fields.filter((f) => item(f.name)?.type !== 'password' || values[f.name]).map((f) => [f.name, values[f.name]?.trim() ?? '']));
      await request(`/admin/${controller}/edit`, { method: 'POST', body }, { showSuccessMessage: true });
      await load();
    } catch {
      // The request client said why; the values stay for another try.
    } finally {
      setBusy(false);
    }
  }

  if (failed) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span>{t('failed')}</span>
        <button type="button" className="btn btn-sm btn-outline-danger ms-auto" onClick={() => void load()}>
          {t('crud-ui:list.retry')}
        </button>
      </div>
    );
  }
  if (!answer) {
    return <Spinner label={t('loading')} />;
  }

  return (
    <div className="row g-3">
      <div className="col-xl-6">
        <form className="admin-card" onSubmit={(e) => void submit(e)} method="post" noValidate aria-labelledby={form.idOf('title')} data-settings-form={controller}>
          <h2 className="h6 fw-semibold mb-3" id={form.idOf('title')}>
            {title}
          </h2>
          {form.summary(fields.map((f) => f.name))}
          {fields.map((f) => {
            const stored = item(f.name);
            if (!stored) return null;
            const hintId = `${form.idOf(f.name)}-hint`;
            if (f.choices) {
              return (
                <fieldset className="mb-3" key={f.name} data-field={f.name}>
                  <legend className="form-label fs-6">{f.label}</legend>
                  {f.choices.map((c) => (
                    <div className="form-check" key={c.value}>
                      <input className="form-check-input" type="radio" name={f.name} id={`${form.idOf(f.name)}-${c.value}`} value={c.value} checked={values[f.name] === c.value} onChange={() => set(f.name, c.value)} />
                      <label className="form-check-label" htmlFor={`${form.idOf(f.name)}-${c.value}`}>
                        {c.label}
                        <span className="d-block small text-body-secondary">{c.hint}</span>
                      </label>
                    </div>
                  ))}
                </fieldset>
              );
            }
            const secret = stored.type === 'password';
            const control = form.control(f.name);
            return (
              <div className="mb-3" key={f.name} data-field={f.name}>
                <label className="form-label" htmlFor={control.id}>
                  {f.label}
                  {secret && (
                    <span className={`badge ms-2 ${stored.set ? 'text-bg-success' : 'text-bg-light border'}`} data-secret-state={stored.set ? 'set' : 'unset'}>
                      {t(stored.set ? 'secretSet' : 'secretUnset')}
                    </span>
                  )}
                </label>
                <input
                  {...control}
                  aria-describedby={control['aria-describedby'] ?? hintId}
                  type={secret ? 'password' : 'text'}
                  autoComplete={secret ? 'new-password' : 'off'}
                  spellCheck={false}
                  placeholder={secret && stored.set ? t('secretKeep') : ''}
                  value={values[f.name] ?? ''}
                  onChange={(e) => set(f.name, e.target.value)}
                />
                {form.error(f.name)}
                {f.hint && (
                  <div id={hintId} className="form-text">
                    {f.hint}
                  </div>
                )}
              </div>
            );
          })}
          <BusySubmit busy={busy} marker={{ 'data-settings-save': '' }}>{t('save')}</BusySubmit>
        </form>
      </div>
      {children && <div className="col-xl-6">{children(answer, { dirty })}</div>}
    </div>
  );
}
