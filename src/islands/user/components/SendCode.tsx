import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyType } from '../../../shared/schemas/account.ts';
import { LazyClickCaptcha } from '../../lib/LazyClickCaptcha.tsx';
import { browserRequest } from '../../lib/request.ts';
import { INVALID, checkAccount } from '../../lib/forms.ts';

/** Codes may be asked for again after this many seconds (reference 5.1). */
export const RESEND_SECONDS = 60;

export type CodeEvent = 'user_register' | 'user_retrieve_pwd' | `user_${VerifyType}_verify` | `user_change_${VerifyType}`;

export interface SendCodeProps {
  channel: VerifyType;
  /** Where the code goes. */
  address: string;
  event: CodeEvent;
  /** The click captcha id of this page view. */
  captchaId: string;
  /** Sent along for the verify events, which prove the current address with the password too. */
  password?: string;
  /** Called with a catalogue key when the address (or password) is not fit to send to; null clears it. */
  onProblem(message: string | null): void;
  disabled?: boolean;
  /** id of the field the code is typed into, to move the focus there once the code is on its way. */
  codeInputId?: string;
}

/** Counts a number of seconds down to 0 once started. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(timer.current), []);
  const start = (seconds: number) => {
    window.clearInterval(timer.current);
    setLeft(seconds);
    timer.current = window.setInterval(() => {
      setLeft((n) => {
        if (n <= 1) window.clearInterval(timer.current);
        return Math.max(0, n - 1);
      });
    }, 1000);
  };
  return [left, start];
}

/**
 * "Send code": checks the address, has the visitor solve the click captcha, asks the server to send an
 * e-mail or SMS code (the server's message is shown), then counts down before another can be asked for.
 */
export function SendCode({ channel, address, event, captchaId, password, onProblem, disabled, codeInputId }: SendCodeProps) {
  const { t } = useTranslation('user');
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [left, startCountdown] = useCountdown();

  async function open(): Promise<void> {
    const checked = await checkAccount((rules) => (channel === 'email' ? rules.email() : rules.mobile()), address);
    if (!checked.ok) {
      onProblem(checked.problems[0]?.message ?? INVALID);
      return;
    }
    if (password !== undefined && password === '') {
      onProblem('user:bind.passwordRequired');
      return;
    }
    onProblem(null);
    setCaptchaOpen(true);
  }

  async function send(captchaInfo: string): Promise<void> {
    setCaptchaOpen(false);
    setSending(true);
    const target = address.trim();
    const extra = password === undefined ? {} : { password };
    try {
      await browserRequest()(
        channel === 'email' ? '/api/Ems/send' : '/api/Sms/send',
        {
          method: 'POST',
          body:
            channel === 'email'
              ? { email: target, event, captchaId, captchaInfo, ...extra }
              : { mobile: target, template_code: event, captchaId, captchaInfo, ...extra },
        },
        { showSuccessMessage: true },
      );
      startCountdown(RESEND_SECONDS);
      if (codeInputId) document.getElementById(codeInputId)?.focus();
    } catch {
      // The request client has shown why; the visitor may try again straight away.
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary text-nowrap"
        onClick={() => void open()}
        disabled={disabled || sending || left > 0}
        data-send-code=""
      >
        {sending ? (
          <>
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            {t('code.sending')}
          </>
        ) : left > 0 ? (
          t('code.resendIn', { count: left })
        ) : (
          t('code.send')
        )}
      </button>
      {captchaOpen && <LazyClickCaptcha id={captchaId} onSuccess={(info) => void send(info)} onCancel={() => setCaptchaOpen(false)} />}
    </>
  );
}
