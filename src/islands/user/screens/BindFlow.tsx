import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/account.ts';
import { changeBindSchema, verificationSchema, type VerifyType } from '../../../shared/schemas/account.ts';
import { email as emailSchema, mobile as mobileSchema } from '../../../shared/schemas/fields.ts';
import { browserRequest } from '../../lib/request.ts';
import { AddressInput, CodeInput } from '../components/CodeFields.tsx';
import { useFormProblem } from '../../lib/useFormProblem.tsx';
import { INVALID, check } from '../../lib/forms.ts';

export interface BindFlowProps {
  type: VerifyType;
  user: UserInfo;
  captchaId: string;
  onDone(info: UserInfo): void;
  onCancel(): void;
}

/** A step's submit button, spinning while the step runs, and the way out of the flow. */
function StepButtons({ busy, submit, onCancel }: { busy: boolean; submit: string; onCancel(): void }) {
  const { t } = useTranslation('user');
  return (
    <div className="d-flex gap-2">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
        {submit}
      </button>
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
        {t('form.cancel')}
      </button>
    </div>
  );
}

/**
 * Binding or changing the e-mail address or mobile number (reference 3.6). A member who has one proves it
 * first with a code sent there (and the password), which earns a verification token; a member without one
 * gives the password instead. Then a code sent to the new address confirms it.
 */
export function BindFlow({ type, user, captchaId, onDone, onCancel }: BindFlowProps) {
  const { t } = useTranslation('user');
  const form = useFormProblem(`bind-${type}`);
  const current = user[type];
  const [step, setStep] = useState<'verify' | 'new'>('verify');
  const [password, setPassword] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [token, setToken] = useState('');
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  async function verify(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!password) return form.report({ field: 'password', message: 'user:bind.passwordRequired' });
    if (!current) {
      // Nothing to prove: the password goes with the change itself.
      form.report(null);
      return setStep('new');
    }
    const checked = check(verificationSchema(), { type, captcha: verifyCode });
    if (!checked.ok) return form.report(checked.problems.map((p) => (p.field === 'captcha' ? { ...p, field: 'verifyCode' } : p)));
    form.report(null);
    setBusy(true);
    try {
      const answer = await browserRequest()<{ accountVerificationToken: string }>('/api/account/verification', { method: 'POST', body: checked.data });
      setToken(answer.data.accountVerificationToken);
      setStep('new');
    } catch {
      // The request client said why (wrong or expired code).
    } finally {
      setBusy(false);
    }
  }

  async function change(event: FormEvent): Promise<void> {
    event.preventDefault();
    const format = (type === 'email' ? emailSchema() : mobileSchema()).safeParse(address);
    if (!format.success) return form.report({ field: 'address', message: format.error.issues[0]?.message ?? INVALID });
    const checked = check(changeBindSchema(), { type, captcha: code, [type]: address, accountVerificationToken: token, password: current ? '' : password });
    if (!checked.ok) return form.report(checked.problems);
    form.report(null);
    setBusy(true);
    try {
      const answer = await browserRequest()<{ userInfo: UserInfo }>('/api/account/changeBind', { method: 'POST', body: checked.data }, { showSuccessMessage: true });
      onDone(answer.data.userInfo);
    } catch {
      setBusy(false);
    }
  }

  const channel = t(`verifyType.${type}`);
  return (
    <section className="card border-primary-subtle mt-3" aria-labelledby={`bind-${type}-title`} data-bind-flow={type}>
      <div className="card-body">
        <h2 className="h6" id={`bind-${type}-title`} tabIndex={-1} ref={headingRef}>
          {t(current ? 'bind.changeTitle' : 'bind.bindTitle', { channel })} · {t(step === 'verify' ? 'bind.step1' : 'bind.step2')}
        </h2>
        {/* Keyed: each step is a form of its own, whose code button starts without the other's countdown. */}
        {step === 'verify' ? (
          <form key="verify" onSubmit={(e) => void verify(e)} method="post" noValidate>
            <p className="text-body-secondary small">{current ? t('bind.verifyIntro', { channel, address: current }) : t('bind.passwordIntro', { channel })}</p>
            {form.summary(['password', 'verifyCode'])}
            {form.field('password', t('field.password'), (c) => (
              <input {...c} type="password" autoComplete="current-password" maxLength={32} value={password} onChange={(e) => setPassword(e.target.value)} />
            ))}
            {current && (
              <CodeInput
                label={t('bind.codeSentTo', { address: current })}
                control={form.control('verifyCode')}
                value={verifyCode}
                onChange={setVerifyCode}
                error={form.error('verifyCode')}
                send={{ channel: type, address: current, event: `user_${type}_verify`, captchaId, password, onProblem: (message) => form.report(message ? { field: 'password', message } : null) }}
              />
            )}
            <StepButtons busy={busy} submit={t('bind.next')} onCancel={onCancel} />
          </form>
        ) : (
          <form key="new" onSubmit={(e) => void change(e)} method="post" noValidate>
            {form.summary(['address', 'captcha'])}
            <AddressInput type={type} label={t('bind.newAddress', { channel })} control={form.control('address')} value={address} onChange={setAddress} error={form.error('address')} />
            <CodeInput
              label={t('field.code')}
              control={form.control('captcha')}
              value={code}
              onChange={setCode}
              error={form.error('captcha')}
              send={{ channel: type, address, event: `user_change_${type}`, captchaId, onProblem: (message) => form.report(message ? { field: 'address', message } : null) }}
            />
            <StepButtons busy={busy} submit={t('bind.submit')} onCancel={onCancel} />
          </form>
        )}
      </div>
    </section>
  );
}
