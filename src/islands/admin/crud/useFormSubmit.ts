import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFailure } from '../../../shared/request/client.ts';
import { refusedFields } from '../../lib/forms.ts';
import { messagesFor } from '../../lib/useFormProblem.tsx';
import { useAdmin } from '../context.ts';
import type { FieldErrors } from './formModel.ts';

const FIELD = 'input:not([type=hidden]):not([tabindex="-1"]),select,textarea,[contenteditable=true]';

/** Focuses the first input inside `scope`, or its first button when it has none (an uploader). */
function focusIn(scope: Element | null | undefined): void {
  (scope?.querySelector<HTMLElement>(FIELD) ?? scope?.querySelector<HTMLElement>('button'))?.focus();
}

export interface FormSubmit {
  /** The form's body: its inputs are where the focus goes. */
  scope: RefObject<HTMLDivElement | null>;
  /** The inputs are there (as the form said): save waits for them. */
  ready: boolean;
  /** A save is under way. */
  busy: boolean;
  /** Why loading or saving failed, in the reader's language. */
  problem: string | null;
  /** What the checks before posting found, by column (catalogue keys). */
  errors: FieldErrors;
  /** Shows why the record or the form's choices could not be loaded. */
  failed(err: unknown): void;
  /** Forgets the problem of a column the admin has just changed. */
  clearError(column: string): void;
  /**
   * Posts `body` to `url` unless `found` names problems: those show, and the focus goes to the input of the
   * first (its `data-column` element). A save shows the server's message and calls `onSaved`; a refusal
   * naming fields marks them the same way, any other shows as `problem`. A second submit while one is under
   * way is ignored.
   */
  submit(url: string, body: Record<string, unknown>, found?: FieldErrors): Promise<void>;
}

/**
 * The save flow of the admin's add/edit dialogs. `ready` says whether the inputs are there: inputs that
 * arrive after the dialog opened (a record, a form's choices) take the focus then, as the dialog gave it
 * to those present at once.
 */
export function useFormSubmit(ready: boolean, onSaved: () => void): FormSubmit {
  const { request } = useAdmin();
  const { i18n } = useTranslation();
  const scope = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [arriving] = useState(!ready);

  // Before the browser paints the inputs: a click or key on an input as soon as it shows is not undone.
  useLayoutEffect(() => {
    if (ready && arriving) focusIn(scope.current);
  }, [ready, arriving]);

  const failed = useCallback((err: unknown) => reportFailure(err, setProblem), []);
  const clearError = useCallback(
    (column: string) =>
      setErrors((all) => {
        if (!(column in all)) return all;
        const { [column]: _, ...rest } = all;
        return rest;
      }),
    [],
  );

  async function submit(url: string, body: Record<string, unknown>, found: FieldErrors = {}): Promise<void> {
    if (busy) return;
    setErrors(found);
    setProblem(null);
    const first = Object.keys(found)[0];
    if (first) {
      focusIn(scope.current?.querySelector(`[data-column="${CSS.escape(first)}"]`));
      return;
    }
    setBusy(true);
    try {
      await request(url, { method: 'POST', body }, { showSuccessMessage: true, showCodeMessage: false, showErrorMessage: false });
      onSaved();
    } catch (err) {
      const named = refusedFields(err);
      if (named.length === 0) return reportFailure(err, setProblem);
      // The fields the server named are marked as the checks before posting mark theirs.
      await messagesFor(i18n, named);
      setErrors(Object.fromEntries(named.map((p) => [p.field, p.message])));
      focusIn(scope.current?.querySelector(`[data-column="${CSS.escape(named[0]!.field)}"]`));
    } finally {
      setBusy(false);
    }
  }

  return { scope, ready, busy, problem, errors, failed, clearError, submit };
}
