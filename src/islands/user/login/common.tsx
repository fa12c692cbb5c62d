import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/account.ts';
import { USER_BASE, USER_LOGIN } from '../../../shared/request/client.ts';
import type { VerifyType } from '../../../shared/schemas/account.ts';
import { loginTarget } from '../redirect.ts';
import { storeLogin } from '../store.ts';

// What the login page's forms share: the login form ships with the page, the others load when opened.

/** GET /api/user/checkIn. */
export interface CheckInConfig {
  userLoginCaptchaSwitch: boolean;
  accountVerificationType: VerifyType[];
}

/** A successful POST /api/user/checkIn. */
export interface CheckInAnswer {
  userInfo: UserInfo;
  routePath: string;
}

export interface FormProps {
  config: CheckInConfig | null;
  /** One captcha id per page view, for the login and both code popups (reference 4.3). */
  captchaId: () => string;
}

/** Stores the member and leaves for where the visitor was going. */
export function enter(answer: CheckInAnswer): void {
  storeLogin(answer.userInfo);
  const params = new URLSearchParams(window.location.search);
  window.location.assign(loginTarget(params.get('redirect'), document.referrer, window.location.origin, answer.routePath || USER_BASE, USER_LOGIN));
}

export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled: boolean; children: ReactNode }) {
  const { t } = useTranslation('user');
  return (
    <button type="submit" className="btn btn-primary w-100 py-2" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {busy ? t('form.working') : children}
    </button>
  );
}

