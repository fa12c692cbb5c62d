import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormProblem } from './forms.ts';

/** Attributes a form control gets from `control()`. */
export interface ControlProps {
  id: string;
  name: string;
  className: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * The one problem a form shows at a time (validation stops at the first issue, as on the server): marks
 * the field invalid, describes it with the message and moves the focus there. Messages are catalogue keys
 * with their namespace ('validate:email'), so any island can use it.
 */
export function useFormProblem(prefix: string) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const idOf = useCallback((field: string) => `${prefix}-${field}`, [prefix]);

  const report = useCallback(
    (next: FormProblem | null) => {
      setProblem(next);
      if (next) document.getElementById(idOf(next.field))?.focus();
    },
    [idOf],
  );

  /** Attributes of a form control for `field`. */
  const control = (field: string, className = 'form-control'): ControlProps => {
    const invalid = problem?.field === field;
    return {
      id: idOf(field),
      name: field,
      className: invalid ? `${className} is-invalid` : className,
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? `${idOf(field)}-error` : undefined,
    };
  };

  /** The message under `field`, when the problem is there. */
  const error = (field: string) =>
    problem?.field === field ? (
      <div id={`${idOf(field)}-error`} className="invalid-feedback d-block">
        {t(problem.message)}
      </div>
    ) : null;

  /** The message of a problem with none of the form's `fields` (shown at the top of the form). */
  const summary = (fields: readonly string[]) =>
    problem && !fields.includes(problem.field) ? (
      <div className="alert alert-danger py-2" role="alert">
        {t(problem.message)}
      </div>
    ) : null;

  return { problem, report, control, error, summary, idOf };
}
