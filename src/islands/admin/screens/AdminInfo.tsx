import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AdminProfile } from '../../../shared/account.ts';
import { email, mobile, password, requiredString } from '../../../shared/schemas/fields.ts';
import Uploader from '../../Uploader.tsx';
import { useAdmin } from '../context.ts';
import { check } from '../../lib/forms.ts';
import { readAdminLogin } from '../store.ts';
import { useFormProblem } from '../../lib/useFormProblem.tsx';
import { Spinner } from '../../app/Spinner.tsx';
import { BusySubmit } from '../../lib/BusySubmit.tsx';

/** GET /admin/routine.AdminInfo/index. */
interface InfoData {
  info: AdminProfile;
  remark: string;
}

interface Values {
  nickname: string;
  email: string;
  mobile: string;
  motto: string;
  password: string;
  /** The new password typed again: a typing mistake in a hidden field would lock the admin out. */
  passwordAgain: string;
  oldPassword: string;
}

/** Empty, or valid by `rule`: e-mail, mobile and a new password are optional here (as on the server). */
const optional = (rule: z.ZodType<string, string>, message: string) => z.string().refine((v) => v.trim() === '' || rule.safeParse(v).success, { message });

/** The same rules as the server's routine/adminInfo edit, so most mistakes show before sending. */
const infoSchema = z.object({
  nickname: requiredString('account:nicknameRequired').pipe(z.string().max(50, { message: 'validate:tooLong' })),
  email: optional(email(), 'validate:email'),
  mobile: optional(mobile(), 'validate:mobile'),
  motto: z.string().trim().max(255, { message: 'account:mottoTooLong' }),
  password: z.string().refine((v) => v === '' || password().safeParse(v).success, { message: 'validate:password' }),
  passwordAgain: z.string(),
  oldPassword: z.string(),
})
  .refine((v) => v.password === '' || v.passwordAgain === v.password, { message: 'admin:adminInfo.passwordMismatch', path: ['passwordAgain'] })
  .refine((v) => v.password === '' || v.oldPassword !== '', { message: 'account:oldPasswordRequired', path: ['oldPassword'] });

/** Only our own uploads count as an avatar: the default picture is nothing to keep or remove. */
function ownAvatar(avatar: string): string {
  return avatar.includes('/storage/') ? avatar : '';
}

/**
 * routine/adminInfo: the signed-in admin's own profile. A new avatar is saved as soon as it is uploaded
 * (the server saves an avatar on its own); the other fields with the form, a new password only when given.
 */
export default function AdminInfo() {
  const { t } = useTranslation('admin');
  const { request, siteConfig, reload } = useAdmin();
  const form = useFormProblem('admin-info');
  const [info, setInfo] = useState<InfoData['info'] | null>(null);
  const [remark, setRemark] = useState('');
  const [values, setValues] = useState<Values>({ nickname: '', email: '', mobile: '', motto: '', password: '', passwordAgain: '', oldPassword: '' });
  const [avatar, setAvatar] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    request<InfoData>('/admin/routine.AdminInfo/index').then(
      ({ data }) => {
        if (!current) return;
        setInfo(data.info);
        setRemark(data.remark);
        setAvatar(ownAvatar(data.info.avatar));
        setValues({ nickname: data.info.nickname, email: data.info.email, mobile: data.info.mobile, motto: data.info.motto, password: '', passwordAgain: '', oldPassword: '' });
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [request]);

  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function saveAvatar(url: string): Promise<void> {
    setAvatar(url);
    // Removing the picture is not an edit the server knows: the default shows until a new one is uploaded.
    if (!url) return;
    try {
      await request('/admin/routine.AdminInfo/edit', { method: 'POST', body: { avatar: url } }, { showSuccessMessage: true });
      await reload();
    } catch {
      // The request client said why.
    }
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const checked = check(infoSchema, values);
    if (!checked.ok) return form.report(checked.problems);
    form.report(null);
    setBusy(true);
    try {
      // The refresh token names the session to keep when a new password signs the admin out elsewhere.
      const { passwordAgain: _again, ...body } = values;
      await request('/admin/routine.AdminInfo/edit', { method: 'POST', body: { ...body, refreshToken: readAdminLogin()?.refresh_token ?? '' } }, { showSuccessMessage: true });
      setValues((v) => ({ ...v, password: '', passwordAgain: '', oldPassword: '' }));
      setInfo((i) => i && { ...i, nickname: checked.data.nickname });
      await reload();
    } catch {
      // The request client said why.
    } finally {
      setBusy(false);
    }
  }

  if (failed) {
    return (
      <div data-screen="adminInfo" className="alert alert-danger" role="alert">
        {t('adminInfo.failed')}
      </div>
    );
  }
  if (!info) {
    return <Spinner screen="adminInfo" label={t('adminInfo.loading')} />;
  }

  return (
    <div data-screen="adminInfo" className="row g-3">
      {remark && (
        <div className="col-12">
          <div className="alert alert-info mb-0" role="note">
            {remark}
          </div>
        </div>
      )}
      <div className="col-lg-4">
        <section className="admin-card text-center h-100" aria-labelledby="admin-info-card">
          <h2 className="h5 mb-1" id="admin-info-card" data-admin-info-name="">
            {info.nickname}
          </h2>
          <p className="text-body-secondary mb-3">{info.username}</p>
          <div className="d-flex justify-content-center mb-2" role="group" aria-label={t('adminInfo.avatar')}>
            <Uploader
              endpoint="admin"
              accept="image"
              topic="avatar"
              value={avatar}
              onChange={(v) => void saveAvatar(Array.isArray(v) ? (v[0] ?? '') : v)}
              settings={siteConfig.upload}
              cdnUrl={siteConfig.cdnUrl}
            />
          </div>
          {info.last_login_time && <p className="small text-body-secondary mb-0">{t('header.lastLogin', { time: info.last_login_time })}</p>}
        </section>
      </div>
      <div className="col-lg-8">
        <form className="admin-card" onSubmit={(e) => void submit(e)} method="post" noValidate aria-labelledby="admin-info-form">
          <h2 className="h6 fw-semibold mb-3" id="admin-info-form">
            {t('adminInfo.details')}
          </h2>
          {form.summary(['nickname', 'email', 'mobile', 'motto', 'password', 'passwordAgain', 'oldPassword'])}
          <div className="mb-3">
            <label className="form-label" htmlFor="admin-info-username">
              {t('adminInfo.username')}
            </label>
            <input id="admin-info-username" className="form-control" value={info.username} readOnly aria-describedby="admin-info-username-note" />
            <div id="admin-info-username-note" className="form-text">
              {t('adminInfo.usernameFixed')}
            </div>
          </div>
          {form.field('nickname', t('adminInfo.nickname'), (c) => (
            <input {...c} type="text" autoComplete="nickname" maxLength={50} value={values.nickname} onChange={(e) => set('nickname')(e.target.value)} />
          ))}
          <div className="row g-3 mb-3">
            <div className="col-md-6">
              <label className="form-label" htmlFor={form.idOf('email')}>
                {t('adminInfo.email')}
              </label>
              <input {...form.control('email')} type="email" autoComplete="email" maxLength={50} value={values.email} onChange={(e) => set('email')(e.target.value)} />
              {form.error('email')}
            </div>
            <div className="col-md-6">
              <label className="form-label" htmlFor={form.idOf('mobile')}>
                {t('adminInfo.mobile')}
              </label>
              <input {...form.control('mobile')} type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} value={values.mobile} onChange={(e) => set('mobile')(e.target.value)} />
              {form.error('mobile')}
            </div>
          </div>
          {form.field('motto', t('adminInfo.motto'), (c) => (
            <textarea {...c} rows={2} maxLength={255} value={values.motto} onChange={(e) => set('motto')(e.target.value)} />
          ))}
          {form.field(
            'password',
            t('adminInfo.password'),
            (c) => <input {...c} type="password" autoComplete="new-password" maxLength={32} value={values.password} onChange={(e) => set('password')(e.target.value)} />,
            t('adminInfo.passwordHint'),
          )}
          {values.password !== '' &&
            form.field('passwordAgain', t('adminInfo.passwordAgain'), (c) => (
              <input {...c} type="password" autoComplete="new-password" maxLength={32} value={values.passwordAgain} onChange={(e) => set('passwordAgain')(e.target.value)} />
            ))}
          {values.password !== '' &&
            form.field(
              'oldPassword',
              t('adminInfo.oldPassword'),
              (c) => <input {...c} type="password" autoComplete="current-password" maxLength={32} value={values.oldPassword} onChange={(e) => set('oldPassword')(e.target.value)} />,
              t('adminInfo.oldPasswordHint'),
            )}
          <BusySubmit busy={busy}>{t('adminInfo.save')}</BusySubmit>
        </form>
      </div>
    </div>
  );
}
