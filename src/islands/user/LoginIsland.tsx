import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../shared/account.ts';
import { USER_BASE, USER_LOGIN, RequestError } from '../../shared/request/client.ts';
import type { VerifyType } from '../../shared/schemas/account.ts';
import { ClickCaptcha } from '../ClickCaptcha.tsx';
import { browserRequest } from '../lib/request.ts';
import type { CodeEvent } from './components/SendCode.tsx';
import { AddressInput, CodeInput } from './components/CodeFields.tsx';
import { useFormProblem, type ControlProps } from '../lib/useFormProblem.tsx';
import { captchaAsked, checkAccount, prefetchAccountRules, randomId } from '../lib/forms.ts';
import { loginTarget } from './redirect.ts';
import { storeLogin } from './store.ts';

export interface UserLoginProps {
  /** The site's home page in the page language. */
  homeHref: string;
}

/** GET /api/user/checkIn. */
interface CheckInConfig {
  userLoginCaptchaSwitch: boolean;
  accountVerificationType: VerifyType[];
}

/** A successful POST /api/user/checkIn. */
interface CheckInAnswer {
  userInfo: UserInfo;
  routePath: string;
}

type View = 'login' | 'register' | 'retrieve';
const TABS: readonly View[] = ['login', 'register'];
/** Notices other pages may ask the login page to show (`?notice=`): keys, never free text. */
const NOTICES = ['passwordChanged'] as const;

interface FormProps {
  config: CheckInConfig | null;
  /** One captcha id per page view, for the login and both code popups (reference 4.3). */
  captchaId: () => string;
}

/** Stores the member and leaves for where the visitor was going. */
function enter(answer: CheckInAnswer): void {
  storeLogin(answer.userInfo);
  const params = new URLSearchParams(window.location.search);
  window.location.assign(loginTarget(params.get('redirect'), document.referrer, window.location.origin, answer.routePath || USER_BASE, USER_LOGIN));
}

function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled: boolean; children: ReactNode }) {
  const { t } = useTranslation('user');
  return (
    <button type="submit" className="btn btn-primary w-100 py-2" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {busy ? t('form.working') : children}
    </button>
  );
}

function PasswordField({ control, error, label, value, onChange }: { control: ControlProps; error: ReactNode; label: string; value: string; onChange(v: string): void }) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={control.id}>
        {label}
      </label>
      <input {...control} type="password" autoComplete="new-password" maxLength={32} value={value} onChange={(e) => onChange(e.target.value)} />
      {error}
    </div>
  );
}

/** Radio buttons for the ways a code can be sent, as the server offers them. */
function TypeChoice({ name, types, value, onChange, legend }: { name: string; types: VerifyType[]; value: VerifyType; onChange(v: VerifyType): void; legend: string }) {
  const { t } = useTranslation('user');
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {types.map((type) => (
        <div className="form-check form-check-inline" key={type}>
          <input className="form-check-input" type="radio" name={name} id={`${name}-${type}`} value={type} checked={value === type} onChange={() => onChange(type)} />
          <label className="form-check-label" htmlFor={`${name}-${type}`}>
            {t(`verifyType.${type}`)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

interface AddressAndCodeProps {
  form: ReturnType<typeof useFormProblem>;
  /** Prefix of this form's element ids. */
  prefix: 'register' | 'retrieve';
  types: VerifyType[];
  type: VerifyType;
  onType(type: VerifyType): void;
  typeLegend: string;
  address: string;
  onAddress(address: string): void;
  code: string;
  onCode(code: string): void;
  event: CodeEvent;
  captchaId: string;
  disabled: boolean;
}

/** How the code travels (when the server offers a choice), the address it goes to, and the code with its send button. */
function AddressAndCode({ form, prefix, types, type, onType, typeLegend, address, onAddress, code, onCode, event, captchaId, disabled }: AddressAndCodeProps) {
  const { t } = useTranslation('user');
  return (
    <>
      {types.length > 1 && <TypeChoice name={`${prefix}-type`} types={types} value={type} onChange={onType} legend={typeLegend} />}
      <AddressInput type={type} label={t(`field.${type}`)} value={address} onChange={onAddress} control={form.control(type)} error={form.error(type)} />
      <CodeInput
        label={t('field.code')}
        control={form.control('captcha')}
        value={code}
        onChange={onCode}
        error={form.error('captcha')}
        send={{ channel: type, address, event, captchaId, disabled, onProblem: (message) => form.report(message ? { field: type, message } : null) }}
      />
    </>
  );
}

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
    const checked = await checkAccount((rules) => rules.loginSchema, { username: account, password, keep });
    if (!checked.ok) return form.report(checked.problems);
    form.report(null);
    if (config.userLoginCaptchaSwitch || captchaNeeded) setCaptchaOpen(true);
    else void send(null);
  }

  return (
    <form onSubmit={(e) => void submit(e)} onFocus={prefetchAccountRules} method="post" noValidate aria-labelledby="user-tab-login">
      {form.summary(['username', 'password'])}
      <div className="mb-3">
        <label className="form-label" htmlFor="login-username">
          {t('field.account')}
        </label>
        <input
          {...form.control('username')}
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
        {form.error('username')}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="login-password">
          {t('field.password')}
        </label>
        <input {...form.control('password')} type="password" autoComplete="current-password" enterKeyHint="go" maxLength={32} value={password} onChange={(e) => setPassword(e.target.value)} />
        {form.error('password')}
      </div>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <div className="form-check">
          <input className="form-check-input" type="checkbox" id="login-keep" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
          <label className="form-check-label" htmlFor="login-keep">
            {t('login.keep')}
          </label>
        </div>
        <button type="button" className="btn btn-link p-0" onClick={onForgot} data-forgot="">
          {t('login.forgot')}
        </button>
      </div>
      <SubmitButton busy={busy} disabled={!config}>
        {t('login.submit')}
      </SubmitButton>
      {captchaOpen && (
        <ClickCaptcha
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

function RegisterForm({ config, captchaId }: FormProps) {
  const { t } = useTranslation('user');
  const form = useFormProblem('register');
  const types = config?.accountVerificationType ?? [];
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [chosen, setChosen] = useState<VerifyType | null>(null);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const type = chosen && types.includes(chosen) ? chosen : (types[0] ?? 'email');

  if (config && types.length === 0) {
    return (
      <div className="alert alert-warning" role="status">
        {t('register.unavailable')}
      </div>
    );
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!config) return;
    const values = {
      username,
      password,
      registerType: type,
      email: type === 'email' ? address : '',
      mobile: type === 'mobile' ? address : '',
      captcha: code,
    };
    const checked = await checkAccount((rules) => rules.registerSchema, values);
    if (!checked.ok) return form.report(checked.problems);
    form.report(null);
    setBusy(true);
    try {
      const answer = await browserRequest()<CheckInAnswer>('/api/user/checkIn', { method: 'POST', body: { tab: 'register', ...checked.data } });
      enter(answer.data);
    } catch {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} onFocus={prefetchAccountRules} method="post" noValidate aria-labelledby="user-tab-register">
      {form.summary(['username', 'password', 'email', 'mobile', 'captcha'])}
      <div className="mb-3">
        <label className="form-label" htmlFor="register-username">
          {t('field.username')}
        </label>
        <input
          {...form.control('username')}
          type="text"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={15}
          aria-describedby={form.invalid('username') ? 'register-username-error' : 'register-username-hint'}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <div id="register-username-hint" className="form-text">
          {t('field.usernameHint')}
        </div>
        {form.error('username')}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="register-password">
          {t('field.password')}
        </label>
        <input
          {...form.control('password')}
          type="password"
          autoComplete="new-password"
          maxLength={32}
          aria-describedby={form.invalid('password') ? 'register-password-error' : 'register-password-hint'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div id="register-password-hint" className="form-text">
          {t('field.passwordHint')}
        </div>
        {form.error('password')}
      </div>
      <AddressAndCode
        {...{ form, types, type, address, code }}
        prefix="register"
        onType={setChosen}
        typeLegend={t('register.type')}
        onAddress={setAddress}
        onCode={setCode}
        event="user_register"
        captchaId={captchaId()}
        disabled={!config}
      />
      <SubmitButton busy={busy} disabled={!config}>
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}

function RetrieveForm({ config, captchaId, onDone, onBack }: FormProps & { onDone(account: string): void; onBack(): void }) {
  const { t } = useTranslation('user');
  const form = useFormProblem('retrieve');
  const types = config?.accountVerificationType ?? [];
  const [chosen, setChosen] = useState<VerifyType | null>(null);
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const type = chosen && types.includes(chosen) ? chosen : (types[0] ?? 'email');

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!config) return;
    const checked = await checkAccount((rules) => rules.retrievePasswordSchema, { type, account, captcha: code, password });
    if (!checked.ok) return form.report(checked.problems.map((p) => (p.field === 'account' ? { ...p, field: type } : p)));
    form.report(null);
    setBusy(true);
    try {
      await browserRequest()('/api/account/retrievePassword', { method: 'POST', body: checked.data }, { showSuccessMessage: true });
      onDone(checked.data.account);
    } catch {
      setBusy(false);
    }
  }

  return (
    <>
      <h2 className="h5 mb-3" id="user-retrieve-title">
        {t('retrieve.title')}
      </h2>
      {config && types.length === 0 ? (
        <div className="alert alert-warning" role="status">
          {t('retrieve.unavailable')}
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} onFocus={prefetchAccountRules} method="post" noValidate aria-labelledby="user-retrieve-title">
          {form.summary(['email', 'mobile', 'captcha', 'password'])}
          <AddressAndCode
            {...{ form, types, type, code }}
            prefix="retrieve"
            onType={setChosen}
            typeLegend={t('retrieve.type')}
            address={account}
            onAddress={setAccount}
            onCode={setCode}
            event="user_retrieve_pwd"
            captchaId={captchaId()}
            disabled={!config}
          />
          <PasswordField control={form.control('password')} error={form.error('password')} label={t('field.newPassword')} value={password} onChange={setPassword} />
          <SubmitButton busy={busy} disabled={!config}>
            {t('retrieve.submit')}
          </SubmitButton>
        </form>
      )}
      <button type="button" className="btn btn-link w-100 mt-2" onClick={onBack}>
        {t('retrieve.back')}
      </button>
    </>
  );
}

/**
 * The member login page (/user/login): log in, register with an e-mail or SMS code, or set a new password
 * with one. One click-captcha id serves the whole page view.
 */
export default function UserLogin({ homeHref }: UserLoginProps) {
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
          <RetrieveForm
            config={config}
            captchaId={captchaId}
            onBack={() => setView('login')}
            onDone={(done) => {
              setAccount(done);
              setView('login');
            }}
          />
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
                <RegisterForm config={config} captchaId={captchaId} />
              )}
            </div>
          </>
        )}
        {!config && (
          <p className="text-body-secondary small text-center mt-3 mb-0" role="status">
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            {t('form.loading')}
          </p>
        )}
        <noscript>
          <p className="alert alert-warning mt-3 mb-0">{t('form.needsScript')}</p>
        </noscript>
      </div>
    </div>
  );
}
