import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLoginInfo } from '../../shared/account.ts';
import { LANGS, htmlLang, normalizeLang, DEFAULT_LANG } from '../../shared/i18n/langs.ts';
import { withLang } from '../../shared/i18n/links.ts';
import { ClickCaptcha } from '../ClickCaptcha.tsx';
import { browserRequest } from '../lib/request.ts';
import { captchaAsked, checkAccount, prefetchAccountRules, randomId } from '../lib/forms.ts';
import { loginRedirect } from './navigation.ts';
import { storeAdminLogin } from './store.ts';
import { useFormProblem } from '../lib/useFormProblem.tsx';
import { Checkbox } from '../lib/Checkbox.tsx';

export interface AdminLoginProps {
  /** ADMIN_BASE: where a logged-in admin goes. */
  adminBase: string;
  siteName: string;
}

/**
 * The admin login page (/admin/login, named route adminLogin): username, password and "keep me logged in",
 * checked with the server's schema, then the click captcha when the server asks for one. An admin already
 * logged in is sent on to the admin by the request client (303 'logged in').
 */
export default function AdminLogin({ adminBase, siteName }: AdminLoginProps) {
  const { t, i18n } = useTranslation('admin');
  const lang = normalizeLang(i18n.language) ?? DEFAULT_LANG;
  const form = useFormProblem('admin-login');
  const [captchaOn, setCaptchaOn] = useState<boolean | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(false);
  const [busy, setBusy] = useState(false);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  // One captcha id per attempt: the server consumes it when the login uses it.
  const captchaId = useRef('');
  // The page's query (kept by the language links), known once in the browser.
  const [search, setSearch] = useState('');

  useEffect(() => setSearch(window.location.search), []);

  useEffect(() => {
    browserRequest()<{ captcha: boolean }>('/admin/index/login').then(
      (answer) => setCaptchaOn(answer.data.captcha),
      // A 303 takes the admin on to the back office; other failures were shown, and the captcha stays on.
      () => setCaptchaOn(true),
    );
  }, []);

  async function send(captcha: { captchaId: string; captchaInfo: string } | null): Promise<void> {
    setBusy(true);
    try {
      const answer = await browserRequest()<{ userInfo: AdminLoginInfo }>('/admin/index/login', {
        method: 'POST',
        body: { username: username.trim(), password, keep, ...captcha },
      });
      storeAdminLogin(answer.data.userInfo);
      const wanted = new URLSearchParams(window.location.search).get('redirect');
      window.location.assign(loginRedirect(wanted, adminBase) ?? adminBase);
    } catch (err) {
      // The request client showed the server's reason (wrong password, captcha, back-off...).
      setBusy(false);
      if (captchaAsked(err)) {
        setCaptchaOn(true);
        captchaId.current = randomId();
        setCaptchaOpen(true);
      }
    }
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (captchaOn === null) return;
    const checked = await checkAccount((rules) => rules.adminLoginSchema(), { username, password, keep });
    if (!checked.ok) return form.report(checked.problems);
    form.report(null);
    if (!captchaOn) return void send(null);
    captchaId.current = randomId();
    setCaptchaOpen(true);
  }

  const langHref = (l: string) => {
    const query = new URLSearchParams(search);
    query.delete('lang');
    const rest = query.toString();
    return withLang(`${adminBase}/login${rest ? `?${rest}` : ''}`, normalizeLang(l) ?? DEFAULT_LANG, true);
  };

  return (
    <div className="admin-login card shadow-sm">
      <div className="card-body p-4">
        <div className="text-center mb-4">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <h1 className="h4 mt-2 mb-1">{t('login.heading')}</h1>
          <p className="text-body-secondary mb-0">{siteName}</p>
        </div>
        <form onSubmit={(event) => void submit(event)} onFocus={prefetchAccountRules} method="post" noValidate aria-label={t('login.heading')}>
          {form.summary(['username', 'password'])}
          {form.field('username', t('login.username'), (c) => (
            <input {...c} type="text" autoComplete="username" autoCapitalize="off" spellCheck={false} maxLength={30} value={username} onChange={(e) => setUsername(e.target.value)} />
          ))}
          {form.field('password', t('login.password'), (c) => (
            <input {...c} type="password" autoComplete="current-password" maxLength={32} value={password} onChange={(e) => setPassword(e.target.value)} />
          ))}
          <Checkbox id="admin-login-keep" className="mb-3" label={t('login.keep')} checked={keep} onChange={setKeep} />
          <button type="submit" className="btn btn-primary w-100 py-2" disabled={busy || captchaOn === null} aria-busy={busy || undefined}>
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {busy ? t('login.working') : t('login.submit')}
          </button>
          {captchaOpen && (
            <ClickCaptcha
              id={captchaId.current}
              onSuccess={(captchaInfo) => {
                setCaptchaOpen(false);
                void send({ captchaId: captchaId.current, captchaInfo });
              }}
              onCancel={() => setCaptchaOpen(false)}
            />
          )}
        </form>
        <nav className="admin-login-langs" aria-label={t('header.language')}>
          {LANGS.map((l) =>
            l === lang ? (
              <span key={l} aria-current="true" lang={htmlLang(l)}>
                {t(`header.languages.${l}`)}
              </span>
            ) : (
              <a key={l} href={langHref(l)} lang={htmlLang(l)} hrefLang={htmlLang(l)}>
                {t(`header.languages.${l}`)}
              </a>
            ),
          )}
        </nav>
        <noscript>
          <p className="alert alert-warning mt-3 mb-0">{t('login.needsScript')}</p>
        </noscript>
      </div>
    </div>
  );
}
