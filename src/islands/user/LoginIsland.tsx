import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../shared/request/client.ts';
import type { SiteContact } from '../../shared/site.ts';
import { LazyClickCaptcha } from '../lib/LazyClickCaptcha.tsx';
import { browserRequest } from '../lib/request.ts';
import { useFormProblem } from '../lib/useFormProblem.tsx';
import { captchaAsked, checkAccount, prefetchAccountRules, randomId } from '../lib/forms.ts';
import { enter, SubmitButton, type CheckInAnswer, type CheckInConfig, type FormProps } from './login/common.tsx';
import { Checkbox } from '../lib/Checkbox.tsx';

// Registration and password retrieval are fetched when first opened: most visits only log in.
const RegisterForm = lazy(async () => ({ default: (await import('./login/CodeForms.tsx')).RegisterForm }));
const RetrieveForm = lazy(async () => ({ default: (await import('./login/CodeForms.tsx')).RetrieveForm }));

export interface UserLoginProps {
  /** The site's home page in the page language. */
  homeHref: string;
  /** How to reach the association, for visitors who cannot register or reset a password yet. */
  contact: SiteContact;
}

type View = 'login' | 'register' | 'retrieve';
const TABS: readonly View[] = ['login', 'register'];
/** Notices other pages may ask the login page to show (`?notice=`): keys, never free text. */
const NOTICES = ['passwordChanged'] as const;

function LoginForm({ config, captchaId, account, onAccount, onForgot }: FormProps & { account: string; onAccount(v: string): void; onForgot(): void }) {
  const { t } = useTranslation('user');
  const form = useFormProblem('login');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(false);
  const [busy, setBusy] = useState(false);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  // Asked for by the server once this account has been failed at too often, even with the switch off.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);

  async function send(captcha: { captchaId: string; captchaInfo: string } | null): Promise<void> {
    setBusy(true);
    try {
      const answer = await browserRequest()<CheckInAnswer>('/api/user/checkIn', {
        method: 'POST',
        body: { tab: 'login', username: account.trim(), password, keep, ...captcha },
      });
      enter(answer.data);
    } catch (err) {
      // The request client showed the server's reason (wrong password, captcha, back-off...).
      setBusy(false);
      if (captchaAsked(err)) {
        setCaptchaNeeded(true);
        setCaptchaOpen(true);
      }
    }
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!config) return;
    const checked = await checkAccount((rules) => rules.loginSchema(), { username: account, password, keep });
    if (!checked.ok) return form.report(checked.problems);
    form.report(null);
    if (config.userLoginCaptchaSwitch || captchaNeeded) setCaptchaOpen(true);
    else void send(null);
  }

  return (
    <form onSubmit={(e) => void submit(e)} onFocus={prefetchAccountRules} method="post" noValidate aria-labelledby="user-tab-login">
      {form.summary(['username', 'password'])}
      {form.field('username', t('field.account'), (c) => (
        <input
          {...c}
          type="text"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="next"
          maxLength={50}
          placeholder={t('field.accountHint')}
          value={account}
          onChange={(e) => onAccount(e.target.value)}
        />
      ))}
      {form.field('password', t('field.password'), (c) => (
        <input {...c} type="password" autoComplete="current-password" enterKeyHint="go" maxLength={32} value={password} onChange={(e) => setPassword(e.target.value)} />
      ))}
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <Checkbox id="login-keep" label={t('login.keep')} checked={keep} onChange={setKeep} />
        <button type="button" className="btn btn-link p-0" onClick={onForgot} data-forgot="">
          {t('login.forgot')}
        </button>
      </div>
      <SubmitButton busy={busy} disabled={!config}>
        {t('login.submit')}
      </SubmitButton>
      {captchaOpen && (
        <LazyClickCaptcha
          id={captchaId()}
          onSuccess={(captchaInfo) => {
            setCaptchaOpen(false);
            void send({ captchaId: captchaId(), captchaInfo });
          }}
          onCancel={() => setCaptchaOpen(false)}
        />
      )}
    </form>
  );
}

/** Said while the server's settings or a form's code are on their way. */
function Loading() {
  const { t } = useTranslation('user');
  return (
    <p className="text-body-secondary small text-center mt-3 mb-0" role="status">
      <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
      {t('form.loading')}
    </p>
  );
}

/**
 * The member login page (/user/login): log in, register with an e-mail or SMS code, or set a new password
 * with one. One click-captcha id serves the whole page view.
 */
export default function UserLogin({ homeHref, contact }: UserLoginProps) {
  const { t } = useTranslation('user');
  const [view, setView] = useState<View>('login');
  const [config, setConfig] = useState<CheckInConfig | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [account, setAccount] = useState('');
  const captchaRef = useRef('');
  const panelId = useId();
  const captchaId = () => (captchaRef.current ||= randomId());

  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('notice');
    const known = NOTICES.find((n) => n === wanted);
    if (known) setNotice(t(`notice.${known}`));
    browserRequest()<CheckInConfig>('/api/user/checkIn', {}, { showCodeMessage: false }).then(
      (answer) => setConfig(answer.data),
      (error: unknown) => {
        // Code 0: the member centre is closed. A 303 (already logged in) has the client leave for /user.
        if (error instanceof RequestError && error.kind === 'code' && error.envelope?.code === 0) setClosed(error.message);
      },
    );
  }, [t]);

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>): void {
    const at = TABS.indexOf(view);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || at === -1) return;
    event.preventDefault();
    const next = TABS[(at + step + TABS.length) % TABS.length]!;
    setView(next);
    document.getElementById(`user-tab-${next}`)?.focus();
  }

  if (closed !== null) {
    return (
      <div className="user-login card shadow-sm mx-auto">
        <div className="card-body p-4 text-center">
          <h1 className="h4 mb-3">{t('login.heading')}</h1>
          <div className="alert alert-warning" role="alert">
            {closed}
          </div>
          <a className="btn btn-outline-primary" href={homeHref}>
            {t('nav.home')}
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="user-login card shadow-sm mx-auto">
      <div className="card-body p-4">
        <h1 className="h4 text-center mb-3">{t('login.heading')}</h1>
        {notice && (
          <div className="alert alert-info py-2" role="status">
            {notice}
          </div>
        )}
        {view === 'retrieve' ? (
          <Suspense fallback={<Loading />}>
            <RetrieveForm
              config={config}
              contact={contact}
              captchaId={captchaId}
              onBack={() => setView('login')}
              onDone={(done) => {
                setAccount(done);
                setView('login');
              }}
            />
          </Suspense>
        ) : (
          <>
            <div className="nav nav-pills nav-fill mb-3" role="tablist" aria-label={t('login.heading')}>
              {TABS.map((tab) => (
                <button
                  key={tab}
                  type="button"
                  role="tab"
                  id={`user-tab-${tab}`}
                  className={`nav-link${view === tab ? ' active' : ''}`}
                  aria-selected={view === tab}
                  aria-controls={panelId}
                  tabIndex={view === tab ? 0 : -1}
                  onClick={() => setView(tab)}
                  onKeyDown={onTabKey}
                >
                  {t(`${tab}.tab`)}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={panelId} aria-labelledby={`user-tab-${view}`}>
              {view === 'login' ? (
                <LoginForm config={config} captchaId={captchaId} account={account} onAccount={setAccount} onForgot={() => setView('retrieve')} />
              ) : (
                <Suspense fallback={<Loading />}>
                  <RegisterForm config={config} captchaId={captchaId} contact={contact} />
                </Suspense>
              )}
            </div>
          </>
        )}
        {!config && <Loading />}
        <noscript>
          <p className="alert alert-warning mt-3 mb-0">{t('form.needsScript')}</p>
        </noscript>
      </div>
    </div>
  );
}
