import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/account.ts';
import { profileSchema, type VerifyType } from '../../../shared/schemas/account.ts';
import Uploader from '../../Uploader.tsx';
import { browserRequest } from '../../lib/request.ts';
import { useFormProblem } from '../../lib/useFormProblem.tsx';
import { useMember } from '../context.ts';
import { check, randomId, refusedFields } from '../../lib/forms.ts';
import { BindFlow } from './BindFlow.tsx';
import { BusySubmit } from '../../lib/BusySubmit.tsx';

/** GET /api/account/profile. */
interface ProfileData {
  accountVerificationType: VerifyType[];
  userInfo: UserInfo;
}

interface Values {
  avatar: string;
  username: string;
  nickname: string;
  gender: string;
  birthday: string;
  motto: string;
}

const GENDERS = ['0', '1', '2'] as const;

/** Only our own uploads count as an avatar: the default picture is not something to remove or keep. */
function ownAvatar(avatar: string): string {
  return avatar.startsWith('/storage/') ? avatar : '';
}

function valuesOf(user: UserInfo): Values {
  return {
    avatar: ownAvatar(user.avatar),
    username: user.username,
    nickname: user.nickname,
    gender: String(user.gender ?? 0),
    birthday: user.birthday ?? '',
    motto: user.motto ?? '',
  };
}

/** The member's profile: avatar, names, gender, birthday, motto; and the e-mail / mobile bindings. */
export default function Profile() {
  const { t } = useTranslation('user');
  const { user, site, updateUser } = useMember();
  const form = useFormProblem('profile');
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [types, setTypes] = useState<VerifyType[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [binding, setBinding] = useState<VerifyType | null>(null);
  // One click-captcha id for the screen's code popups.
  const [captchaId] = useState(randomId);
  // Fields the member changed before the profile arrived: the fresh copy must not overwrite what they typed.
  const edited = useRef(new Set<keyof Values>());

  useEffect(() => {
    let current = true;
    browserRequest()<ProfileData>('/api/account/profile').then(
      (answer) => {
        if (!current) return;
        setTypes(answer.data.accountVerificationType);
        const fresh = valuesOf(answer.data.userInfo);
        setValues((typed) => {
          const merged = { ...fresh };
          for (const name of edited.current) merged[name] = typed[name];
          return merged;
        });
      },
      () => current && setTypes([]),
    );
    return () => {
      current = false;
    };
  }, []);

  const set = (name: keyof Values) => (value: string) => {
    edited.current.add(name);
    setValues((v) => ({ ...v, [name]: value }));
  };

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const checked = check(profileSchema(), values);
    if (!checked.ok) return form.report(checked.problems);
    form.report(null);
    setBusy(true);
    try {
      // The raw strings go out: the server applies the same schema (an empty birthday becomes none).
      const answer = await browserRequest()<{ userInfo: UserInfo }>('/api/account/profile', { method: 'POST', body: { id: user.id, ...values } }, { showSuccessMessage: true });
      updateUser(answer.data.userInfo);
      setValues(valuesOf(answer.data.userInfo));
    } catch (err) {
      // A refusal naming fields marks them; otherwise the request client said why.
      const named = refusedFields(err);
      if (named.length) form.report(named);
    } finally {
      setBusy(false);
    }
  }

  const binds: VerifyType[] = ['email', 'mobile'];
  return (
    <div data-screen="profile">
      <form className="member-form" onSubmit={(e) => void submit(e)} method="post" noValidate>
        {form.summary(['avatar', 'username', 'nickname', 'gender', 'birthday', 'motto'])}
        <div className="mb-3">
          <span className="form-label d-block" id="profile-avatar-label">
            {t('profile.avatar')}
          </span>
          <div role="group" aria-labelledby="profile-avatar-label">
            <Uploader endpoint="member" accept="image" topic="avatar" value={values.avatar} onChange={(v) => set('avatar')(Array.isArray(v) ? (v[0] ?? '') : v)} settings={site.upload} cdnUrl={site.cdnUrl} />
          </div>
          {form.error('avatar')}
        </div>
        {form.field('username', t('field.username'), (c) => (
          <input {...c} type="text" autoComplete="username" autoCapitalize="off" spellCheck={false} maxLength={15} value={values.username} onChange={(e) => set('username')(e.target.value)} />
        ))}
        {form.field('nickname', t('profile.nickname'), (c) => (
          <input {...c} type="text" autoComplete="nickname" maxLength={50} value={values.nickname} onChange={(e) => set('nickname')(e.target.value)} />
        ))}
        <div className="row gx-3">
          <div className="col-sm-6">
            {form.field(
              'gender',
              t('profile.gender'),
              (c) => (
                <select {...c} value={values.gender} onChange={(e) => set('gender')(e.target.value)}>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {t(`profile.genders.${g}`)}
                    </option>
                  ))}
                </select>
              ),
              undefined,
              'form-select',
            )}
          </div>
          <div className="col-sm-6">
            {form.field('birthday', t('profile.birthday'), (c) => (
              <input {...c} type="date" autoComplete="bday" value={values.birthday} onChange={(e) => set('birthday')(e.target.value)} />
            ))}
          </div>
        </div>
        {form.field('motto', t('profile.motto'), (c) => (
          <textarea {...c} rows={2} maxLength={255} value={values.motto} onChange={(e) => set('motto')(e.target.value)} />
        ))}
        <BusySubmit busy={busy}>{t('profile.save')}</BusySubmit>
      </form>

      <h2 className="h5 mt-5 mb-3">{t('profile.bindings')}</h2>
      <ul className="list-group member-form">
        {binds.map((type) => {
          const value = user[type];
          const offered = types?.includes(type) ?? false;
          return (
            <li key={type} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <span className="fw-semibold">{t(`verifyType.${type}`)}</span>
              <span className={value ? '' : 'text-body-secondary'} data-bound={type}>
                {value || t('profile.notBound')}
              </span>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm ms-auto"
                disabled={!offered || binding !== null}
                aria-describedby={offered || types === null ? undefined : `profile-${type}-off`}
                onClick={() => setBinding(type)}
                data-bind-button={type}
              >
                {t(value ? 'profile.change' : 'profile.bind')}
              </button>
              {types !== null && !offered && (
                <small id={`profile-${type}-off`} className="w-100 text-body-secondary">
                  {t('profile.channelOff', { channel: t(`verifyType.${type}`) })}
                </small>
              )}
            </li>
          );
        })}
      </ul>
      {binding && (
        <BindFlow
          key={binding}
          type={binding}
          user={user}
          captchaId={captchaId}
          onCancel={() => setBinding(null)}
          onDone={(info) => {
            updateUser(info);
            setBinding(null);
          }}
        />
      )}
    </div>
  );
}
