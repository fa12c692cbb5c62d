import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AES_KEY, APP_ID, APP_SECRET, MESSAGE_MODES, TOKEN, type ProbeKind, type ProbeResult } from '../../../../shared/wechat.ts';
import { useAdmin } from '../../context.ts';
import { SettingsForm, type SettingsField } from './SettingsForm.tsx';

/** The callback URL with a copy button (the WeChat console wants it pasted exactly). */
function CallbackUrl({ url }: { url: string }) {
  const { t } = useTranslation('admin-screens-wechat');
  const [copied, setCopied] = useState(false);
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (plain HTTP, old browser): the field is selectable by hand.
    }
  }
  return (
    <section className="admin-card mb-3" aria-labelledby="wechat-callback-title">
      <h2 className="h6 fw-semibold mb-2" id="wechat-callback-title">
        {t('callback.title')}
      </h2>
      <div className="input-group">
        <input className="form-control font-monospace" readOnly value={url} aria-labelledby="wechat-callback-title" aria-describedby="wechat-callback-hint" onFocus={(e) => e.target.select()} data-callback-url="" />
        <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
          <i className={`bi ${copied ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
          {t(copied ? 'callback.copied' : 'callback.copy')}
        </button>
      </div>
      <div id="wechat-callback-hint" className="form-text">
        {t('callback.hint')}
      </div>
    </section>
  );
}

/** "Test the callback": a follow event or a text message signed with the saved settings, and what came back. */
function CallbackProbe({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('admin-screens-wechat');
  const { request, auth } = useAdmin();
  const [kind, setKind] = useState<ProbeKind>('follow');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ProbeResult | null>(null);

  async function run(event: FormEvent): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const { data } = await request<ProbeResult>('/admin/wechat.Config/test', { method: 'POST', body: { kind, content } });
      setResult(data);
    } catch {
      // The request client said why (no Token saved yet...).
    } finally {
      setBusy(false);
    }
  }

  if (!auth('test')) return null;
  return (
    <form className="admin-card" onSubmit={(e) => void run(e)} noValidate aria-labelledby="wechat-probe-title" data-probe="">
      <h2 className="h6 fw-semibold mb-1" id="wechat-probe-title">
        {t('probe.title')}
      </h2>
      <p className="small text-body-secondary">{t('probe.intro')}</p>
      <fieldset className="mb-3">
        <legend className="visually-hidden">{t('probe.what')}</legend>
        {(['follow', 'text'] as const).map((k) => (
          <div className="form-check" key={k}>
            <input className="form-check-input" type="radio" name="probe-kind" id={`wechat-probe-kind-${k}`} checked={kind === k} onChange={() => setKind(k)} />
            <label className="form-check-label" htmlFor={`wechat-probe-kind-${k}`}>
              {t(`probe.kinds.${k}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {kind === 'text' && (
        <div className="mb-3">
          <label className="form-label" htmlFor="wechat-probe-content">
            {t('probe.text')}
          </label>
          <input id="wechat-probe-content" className="form-control" maxLength={200} value={content} onChange={(e) => setContent(e.target.value)} />
        </div>
      )}
      {dirty && (
        <div className="alert alert-warning py-2 small" role="status" data-probe-unsaved="">
          {t('probe.saveFirst')}
        </div>
      )}
      <button type="submit" className="btn btn-outline-primary" disabled={busy || dirty || (kind === 'text' && !content.trim())} aria-busy={busy || undefined} data-probe-run="">
        {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <i className="bi bi-send-check me-2" aria-hidden="true" />}
        {t('probe.run')}
      </button>
      {result && <ProbeOutcome result={result} />}
    </form>
  );
}

function ProbeOutcome({ result }: { result: ProbeResult }) {
  const { t } = useTranslation('admin-screens-wechat');
  return (
    <div className="mt-3" role="status" data-probe-result={result.ok ? 'ok' : 'failed'}>
      <div className={`alert ${result.ok ? (result.reply ? 'alert-success' : 'alert-warning') : 'alert-danger'} py-2`}>
        <strong className="d-block">{t(result.ok ? 'probe.ok' : 'probe.failed')}</strong>
        {result.error && <span data-probe-error="">{result.error}</span>}
      </div>
      <dl className="row small mb-2">
        <dt className="col-sm-3">{t('probe.mode')}</dt>
        <dd className="col-sm-9">
          {t(`modes.${result.mode}.label`)}
          {result.encrypted && <span className="badge text-bg-light border ms-2">{t('probe.encrypted')}</span>}
        </dd>
        <dt className="col-sm-3">{t('probe.status')}</dt>
        <dd className="col-sm-9">{result.status || '—'}</dd>
      </dl>
      {result.reply && (
        <table className="table table-sm small mb-2" data-probe-reply="">
          <caption className="caption-top">{t('probe.reply')}</caption>
          <tbody>
            {Object.entries(result.reply)
              .filter(([name]) => !['ToUserName', 'FromUserName', 'CreateTime'].includes(name))
              .map(([name, value]) => (
                <tr key={name} data-probe-reply-field={name}>
                  <th scope="row" className="fw-normal text-body-secondary font-monospace">
                    {name}
                  </th>
                  <td className="text-break">{value}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
      <details className="small">
        <summary>{t('probe.raw')}</summary>
        <h3 className="h6 small mt-2">{t('probe.sent')}</h3>
        <pre className="bg-body-tertiary p-2 text-wrap text-break">{result.sent}</pre>
        <h3 className="h6 small">{t('probe.answer')}</h3>
        <pre className="bg-body-tertiary p-2 text-wrap text-break">{result.answer || '—'}</pre>
      </details>
    </div>
  );
}

/**
 * wechat/config: the official account's settings, the callback URL to copy into the WeChat console, and
 * the test that plays WeChat's part against it with the saved settings.
 */
export default function OfficialAccount() {
  const { t } = useTranslation('admin-screens-wechat');
  const fields: SettingsField[] = [
    { name: 'wechat_app_id', label: t('fields.appId'), hint: t('hints.appId'), pattern: APP_ID, invalid: 'wechat:appIdInvalid' },
    { name: 'wechat_app_secret', label: t('fields.appSecret'), pattern: APP_SECRET, invalid: 'wechat:appSecretInvalid' },
    { name: 'wechat_token', label: t('fields.token'), hint: t('hints.token'), pattern: TOKEN, invalid: 'wechat:tokenInvalid' },
    { name: 'wechat_encoding_aes_key', label: t('fields.aesKey'), hint: t('hints.aesKey'), pattern: AES_KEY, invalid: 'wechat:aesKeyInvalid' },
    { name: 'wechat_message_mode', label: t('fields.mode'), choices: MESSAGE_MODES.map((m) => ({ value: m, label: t(`modes.${m}.label`), hint: t(`modes.${m}.hint`) })) },
  ];
  return (
    <div data-screen="wechat-config">
      <SettingsForm controller="wechat.Config" fields={fields} title={t('officialAccount')}>
        {(answer, { dirty }) => (
          <>
            <CallbackUrl url={String(answer.callbackUrl ?? '')} />
            <CallbackProbe dirty={dirty} />
          </>
        )}
      </SettingsForm>
    </div>
  );
}
