import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_BASE, USER_LOGIN } from '../../../shared/request/client.ts';
import { changePasswordSchema } from '../../../shared/schemas/account.ts';
import { browserRequest } from '../../lib/request.ts';
import { useFormProblem } from '../../lib/useFormProblem.tsx';
import { check } from '../../lib/forms.ts';
import { clearUserInfo } from '../store.ts';
import { BusySubmit } from '../../lib/BusySubmit.tsx';

/**
 * Old password, new password twice. The server signs the member out everywhere on success, so this
 * browser forgets the member too and goes to the login page, which says why.
 */
export default function ChangePassword() {
  const { t } = useTranslation('user');
  const form = useFormProblem('password');
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const checked = check(changePasswordSchema(), { oldPassword, newPassword });
    // Every problem at once: the schema's, then the two only this form knows about.
    const problems = checked.ok ? [] : [...checked.problems];
    if (confirm !== newPassword) problems.push({ field: 'confirm', message: 'user:password.mismatch' });
    if (newPassword && newPassword === oldPassword && !problems.some((p) => p.field === 'newPassword')) problems.push({ field: 'newPassword', message: 'user:password.same' });
    if (!checked.ok || problems.length) return form.report(problems);
    form.report(null);
    setBusy(true);
    try {
      await browserRequest()('/api/account/changePassword', { method: 'POST', body: checked.data });
      clearUserInfo();
      // Back to the centre's start afterwards, not to this form (which the referrer would suggest).
      window.location.assign(`${USER_LOGIN}?notice=passwordChanged&redirect=${encodeURIComponent(USER_BASE)}`);
    } catch {
      setBusy(false);
    }
  }

  const field = (name: 'oldPassword' | 'newPassword' | 'confirm', value: string, set: (v: string) => void, autoComplete: string) =>
    form.field(
      name,
      t(`password.${name}`),
      (c) => <input {...c} type="password" autoComplete={autoComplete} maxLength={32} value={value} onChange={(e) => set(e.target.value)} />,
      name === 'newPassword' ? t('field.passwordHint') : undefined,
    );

  return (
    <form className="member-form" onSubmit={(e) => void submit(e)} method="post" noValidate data-screen="changePassword">
      {form.summary(['oldPassword', 'newPassword', 'confirm'])}
      {field('oldPassword', oldPassword, setOld, 'current-password')}
      {field('newPassword', newPassword, setNew, 'new-password')}
      {field('confirm', confirm, setConfirm, 'new-password')}
      <BusySubmit busy={busy}>{t('password.submit')}</BusySubmit>
    </form>
  );
}
