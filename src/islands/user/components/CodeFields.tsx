import type { ReactNode } from 'react';
import type { VerifyType } from '../../../shared/schemas/account.ts';
import type { ControlProps } from '../../lib/useFormProblem.tsx';
import { SendCode, type SendCodeProps } from './SendCode.tsx';

interface FieldProps {
  label: string;
  control: ControlProps;
  value: string;
  onChange(value: string): void;
  error: ReactNode;
}

/** An e-mail address or mobile number, with the keyboard and autofill a phone should offer for it. */
export function AddressInput({ type, label, control, value, onChange, error }: FieldProps & { type: VerifyType }) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={control.id}>
        {label}
      </label>
      <input
        {...control}
        type={type === 'email' ? 'email' : 'tel'}
        inputMode={type === 'email' ? 'email' : 'numeric'}
        autoComplete={type === 'email' ? 'email' : 'tel'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={type === 'email' ? 50 : 11}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error}
    </div>
  );
}

/** The code a member was sent, with the button that sends it beside the input. */
export function CodeInput({ label, control, value, onChange, error, send }: FieldProps & { send: Omit<SendCodeProps, 'codeInputId'> }) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={control.id}>
        {label}
      </label>
      <div className="input-group">
        <input
          {...control}
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <SendCode {...send} codeInputId={control.id} />
      </div>
      {error}
    </div>
  );
}
