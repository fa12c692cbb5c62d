import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormProblem } from './forms.ts';
import { clearToasts } from './toast.ts';

/** Attributes a form control gets from `control()`. */
export interface ControlProps {
  id: string;
  name: string;
  className: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * The problems a form shows: every invalid field at once, each marked invalid and described by its message,
 * with the focus on the first. Reporting starts a new attempt, so the page's messages from the last one
 * (a wrong password, a code that was refused) go away. Messages are catalogue keys with their namespace
 * ('validate:email'), so any island can use it.
 */
export function useFormProblem(prefix: string) {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<readonly FormProblem[]>([]);
  const idOf = useCallback((field: string) => `${prefix}-${field}`, [prefix]);

  const report = useCallback(
    (next: FormProblem | readonly FormProblem[] | null) => {
      const list = next === null ? [] : 'field' in next ? [next] : next;
      clearToasts();
      setProblems(list);
      if (list[0]) document.getElementById(idOf(list[0].field))?.focus();
    },
    [idOf],
  );

  const messageOf = (field: string) => problems.find((p) => p.field === field)?.message;
  /** Whether `field` has a problem now. */
  const invalid = (field: string) => messageOf(field) !== undefined;

  /** Attributes of a form control for `field`. */
  const control = (field: string, className = 'form-control'): ControlProps => {
    const bad = invalid(field);
    return {
      id: idOf(field),
      name: field,
      className: bad ? `${className} is-invalid` : className,
      'aria-invalid': bad || undefined,
      'aria-describedby': bad ? `${idOf(field)}-error` : undefined,
    };
  };

  /** The message under `field`, when it has a problem. */
  const error = (field: string) => {
    const message = messageOf(field);
    return message === undefined ? null : (
      <div id={`${idOf(field)}-error`} className="invalid-feedback d-block">
        {t(message)}
      </div>
    );
  };

  /** The problems with none of the form's `fields` (shown at the top of the form). */
  const summary = (fields: readonly string[]) => {
    const elsewhere = problems.filter((p) => !fields.includes(p.field));
    return elsewhere.length ? (
      <div className="alert alert-danger py-2" role="alert">
        {elsewhere.map((p) => (
          <div key={p.field}>{t(p.message)}</div>
        ))}
      </div>
    ) : null;
  };

  return { problems, invalid, report, control, error, summary, idOf };
}
