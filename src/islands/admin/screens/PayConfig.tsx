import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/request/client.ts';
import {
  PAY_SETTING_FIELDS,
  type PayCheckItem,
  type PayCheckReport,
  type PayProvider,
  type PaySettingField,
  type PaySettingName,
  type PaySettingValues,
  type PaySettingsView,
} from '../../../shared/pay.ts';
import { useAdmin } from '../context.ts';
import { Spinner } from '../../app/Spinner.tsx';

const SECTIONS = ['general', 'wechat', 'alipay'] as const;
/** Keys and certificates are several lines of PEM. */
const MULTILINE = new Set<string>(['wechat_private_key', 'wechat_platform_key', 'alipay_private_key', 'alipay_public_key']);

interface Problem {
  field: string;
  message: string;
}

function Field({
  field,
  value,
  view,
  problem,
  onChange,
}: {
  field: PaySettingField;
  value: string;
  view: PaySettingsView;
  problem: Problem | null;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('pay');
  const id = `pay-${field.name}`;
  const hint = t(`hints.${field.name}`, { defaultValue: '' });
  const secretNote = field.kind === 'secret' ? t(view.secretSet[field.name as PaySettingName] ? 'config.secretSet' : 'config.secretUnset') : '';
  const describedBy = [hint || secretNote ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const invalid = problem ? ' is-invalid' : '';

  if (field.kind === 'switch') {
    return (
      <div className="form-check form-switch mb-3">
        <input
          id={id}
          name={field.name}
          type="checkbox"
          role="switch"
          className={`form-check-input${invalid}`}
          checked={value === '1'}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.checked ? '1' : '0')}
        />
        <label className="form-check-label" htmlFor={id}>
          {t(`fields.${field.name}`)}
        </label>
        {problem && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {problem.message}
          </div>
        )}
      </div>
    );
  }
  const common = {
    id,
    name: field.name,
    value,
    className: `form-control${MULTILINE.has(field.name) ? ' font-monospace small' : ''}${invalid}`,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete: 'off',
    spellCheck: false,
    placeholder: field.kind === 'secret' ? secretNote : undefined,
  };
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t(`fields.${field.name}`)}
      </label>
      {MULTILINE.has(field.name) ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={field.kind === 'secret' ? 'password' : field.kind === 'number' ? 'number' : field.kind === 'url' ? 'url' : 'text'}
          inputMode={field.name.startsWith('topup_') ? 'decimal' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {(hint || secretNote) && (
        <div id={`${id}-hint`} className="form-text">
          {[secretNote, hint].filter(Boolean).join(' ')}
        </div>
      )}
      {problem && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {problem.message}
        </div>
      )}
    </div>
  );
}

function ReportItem({ item }: { item: PayCheckItem }) {
  const { t } = useTranslation('pay');
  const label = item.field === 'sample' ? '' : t(`fields.${item.field}`);
  return (
    <li className={`d-flex gap-2 ${item.ok ? 'text-success' : 'text-danger'}`} data-check={item.field} data-ok={item.ok ? '1' : '0'}>
      <i className={`bi ${item.ok ? 'bi-check-circle' : 'bi-x-circle'} flex-shrink-0`} aria-hidden="true" />
      <span className="text-break">{t(item.key, { ...item.params, label })}</span>
    </li>
  );
}

/**
 * Payment settings: top-up limits, WeChat Pay and Alipay. Secrets are never shown (a blank field keeps the
 * stored one); "Check settings" validates the form as it stands and signs a sample request with it.
 */
export default function PayConfig() {
  const { request, auth } = useAdmin();
  const { t } = useTranslation(['pay', 'common']);
  const [view, setView] = useState<PaySettingsView | null>(null);
  const [values, setValues] = useState<PaySettingValues | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<'save' | 'check' | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [report, setReport] = useState<PayCheckReport | null>(null);

  useEffect(() => {
    let current = true;
    request<PaySettingsView>('/admin/pay.Config/index').then(
      (answer) => {
        if (!current) return;
        setView(answer.data);
        setValues(answer.data.values);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [request]);

  if (failed) {
    return (
      <div className="alert alert-danger" role="alert">
        {t('config.loadFailed')}
      </div>
    );
  }
  if (!view || !values) {
    return <Spinner label={t('common:title.loading')} />;
  }

  const canEdit = auth('edit');
  const set = (name: PaySettingName, value: string) => {
    setValues({ ...values, [name]: value });
    // The message was about the old value.
    if (problem?.field === name) setProblem(null);
  };

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault();
    setBusy('save');
    setProblem(null);
    try {
      const answer = await request<PaySettingsView>('/admin/pay.Config/edit', { method: 'POST', body: { ...values } }, { showSuccessMessage: true, showCodeMessage: false });
      setView(answer.data);
      setValues(answer.data.values);
    } catch (err) {
      if (err instanceof RequestError && err.kind === 'code' && err.envelope) {
        const field = (err.envelope.data as { field?: string } | null)?.field ?? '';
        setProblem({ field, message: err.envelope.msg });
        document.getElementById(`pay-${field}`)?.focus();
      }
    } finally {
      setBusy(null);
    }
  }

  async function check(): Promise<void> {
    setBusy('check');
    try {
      const answer = await request<{ report: PayCheckReport }>('/admin/pay.Config/check', { method: 'POST', body: { ...values } });
      setReport(answer.data.report);
    } catch {
      // The request client showed why.
    } finally {
      setBusy(null);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate data-screen="pay-config">
      {!view.canStoreSecrets && (
        <div className="alert alert-warning" role="alert">
          {t('config.noSecretsKey')}
        </div>
      )}
      {problem && !PAY_SETTING_FIELDS.some((f) => f.name === problem.field) && (
        <div className="alert alert-danger py-2" role="alert">
          {problem.message}
        </div>
      )}
      <div className="row g-3">
        {SECTIONS.map((section) => (
          <div className="col-xl-4 col-lg-6" key={section}>
            <fieldset className="admin-card h-100" disabled={!canEdit}>
              <legend className="h6 fw-semibold">{section === 'general' ? t('config.general') : t(`providers.${section}`)}</legend>
              {PAY_SETTING_FIELDS.filter((f) => f.group === section).map((field) => (
                <Field
                  key={field.name}
                  field={field}
                  value={values[field.name]}
                  view={view}
                  problem={problem?.field === field.name ? problem : null}
                  onChange={(v) => set(field.name, v)}
                />
              ))}
              {section !== 'general' && (
                <div className="mb-0">
                  <label className="form-label" htmlFor={`pay-notify-${section}`}>
                    {t('config.notifyUrl')}
                  </label>
                  <input id={`pay-notify-${section}`} className="form-control font-monospace small" readOnly value={view.notifyUrls[section as PayProvider]} onFocus={(e) => e.target.select()} />
                </div>
              )}
            </fieldset>
          </div>
        ))}
      </div>
      <div className="d-flex flex-wrap gap-2 my-3">
        {canEdit && (
          <button type="submit" className="btn btn-primary" disabled={busy !== null} data-action="save">
            {busy === 'save' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('config.save')}
          </button>
        )}
        {auth('check') && (
          <button type="button" className="btn btn-outline-secondary" disabled={busy !== null} onClick={() => void check()} data-action="check">
            {busy === 'check' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {busy === 'check' ? t('config.checking') : t('config.check')}
          </button>
        )}
      </div>
      {report && (
        <section className="admin-card" aria-labelledby="pay-report" aria-live="polite" data-report="">
          <h2 className="h6 fw-semibold" id="pay-report">
            {t('config.report')}
          </h2>
          {(['wechat', 'alipay'] as const).map((provider) => (
            <div key={provider} className="mb-2" data-report-provider={provider}>
              <h3 className="h6 mb-1">
                {t(`providers.${provider}`)} {!report[provider].enabled && <span className="text-body-secondary small">{t('config.reportOff')}</span>}
              </h3>
              <ul className="list-unstyled small mb-0">
                {report[provider].items.map((item, i) => (
                  <ReportItem key={`${item.field}-${i}`} item={item} />
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </form>
  );
}
