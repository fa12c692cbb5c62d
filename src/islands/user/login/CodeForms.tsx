import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyType } from '../../../shared/schemas/account.ts';
import { browserRequest } from '../../lib/request.ts';
import { checkAccount, prefetchAccountRules } from '../../lib/forms.ts';
import { useFormProblem, type ControlProps } from '../../lib/useFormProblem.tsx';
import type { CodeEvent } from '../components/SendCode.tsx';
import { AddressInput, CodeInput } from '../components/CodeFields.tsx';
import { enter, SubmitButton, type CheckInAnswer, type FormProps } from './common.tsx';
import type { SiteContact } from '../../../shared/site.ts';
import { ContactDetails, hasContact } from '../../../components/ContactDetails.tsx';

/** Closed until the site can send codes: says so, and how to reach the association meanwhile. */
function Unavailable({ message, contact }: { message: string; contact: SiteContact }) {
  const { t } = useTranslation('user');
  return (
    <div className="alert alert-warning" role="status" data-unavailable="">
      {message}
      {hasContact(contact) && (
        <>
          <p className="mb-1 mt-2">{t('contact.ask')}</p>
          <ContactDetails contact={contact} ns="user" />
        </>
      )}
    </div>
  );
}

// The login page's forms that send a code, registration and a new password: fetched when first opened.

function NewPassword({ attributes, value, onChange }: { attributes: ControlProps; value: string; onChange(v: string): void }) {
  return <input {...attributes} type="password" autoComplete="new-password" maxLength={32} value={value} onChange={(e) => onChange(e.target.value)} />;
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

export function RegisterForm({ config, captchaId, contact }: FormProps & { contact: SiteContact }) {
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
    return <Unavailable message={t('register.unavailable')} contact={contact} />;
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
    const checked = await checkAccount((rules) => rules.registerSchema(), values);
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
      {form.field(
        'username',
        t('field.username'),
        (c) => <input {...c} type="text" autoComplete="username" autoCapitalize="off" spellCheck={false} maxLength={15} value={username} onChange={(e) => setUsername(e.target.value)} />,
        t('field.usernameHint'),
      )}
      {form.field('password', t('field.password'), (c) => <NewPassword attributes={c} value={password} onChange={setPassword} />, t('field.passwordHint'))}
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

export function RetrieveForm({ config, captchaId, contact, onDone, onBack }: FormProps & { contact: SiteContact; onDone(account: string): void; onBack(): void }) {
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
    const checked = await checkAccount((rules) => rules.retrievePasswordSchema(), { type, account, captcha: code, password });
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
        <Unavailable message={t('retrieve.unavailable')} contact={contact} />
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
          {form.field('password', t('field.newPassword'), (c) => <NewPassword attributes={c} value={password} onChange={setPassword} />)}
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

