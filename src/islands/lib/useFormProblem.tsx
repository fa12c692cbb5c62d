import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCatalogues } from '../islandDef.ts';
import type { FormProblem } from './forms.ts';
import { clearToasts } from './toast.ts';
import type { CatalogueStore } from './translation.ts';

// The messages of the shared account schemas: an island that does not load them with the page (the member
// login) gets them with the first problem it shows.
const problemCatalogues = import.meta.glob('../../locales/*/{account,validate}.json', { import: 'default' }) as Record<string, () => Promise<Record<string, unknown>>>;

/** Loads the catalogues of `problems`' messages that the page has not loaded yet. */
export async function messagesFor(i18n: CatalogueStore, problems: readonly FormProblem[]): Promise<void> {
  const missing = problems.map((p) => /^([a-z-]+):/.exec(p.message)?.[1]).filter((ns): ns is string => !!ns && !i18n.hasResourceBundle(i18n.language, ns));
  if (missing.length === 0) return;
  const byNs = await loadCatalogues(problemCatalogues, i18n.language);
  for (const ns of new Set(missing)) if (byNs[ns] && !i18n.hasResourceBundle(i18n.language, ns)) i18n.addResourceBundle(i18n.language, ns, byNs[ns]);
}

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
  const { t, i18n } = useTranslation();
  const [problems, setProblems] = useState<readonly FormProblem[]>([]);
  const idOf = useCallback((field: string) => `${prefix}-${field}`, [prefix]);
  // Only the latest report shows, should an earlier one still wait for its catalogue.
  const latest = useRef(0);

  const report = useCallback(
    (next: FormProblem | readonly FormProblem[] | null) => {
      const list = next === null ? [] : 'field' in next ? [next] : next;
      const attempt = ++latest.current;
      clearToasts();
      const show = () => {
        if (attempt !== latest.current) return;
        setProblems(list);
        if (list[0]) document.getElementById(idOf(list[0].field))?.focus();
      };
      // Messages whose catalogue is not there yet show when it is; one that fails to come shows its key.
      messagesFor(i18n, list).then(show, show);
    },
    [idOf, i18n],
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

  /**
   * A labelled control for `name`: the label, the control `input` draws with the attributes it is given, a
   * hint under it (which describes the control until a message does) and the message. `className` is the
   * control's Bootstrap class (`form-select` for a select).
   */
  const field = (name: string, label: ReactNode, input: (attributes: ControlProps) => ReactNode, hint?: ReactNode, className?: string) => {
    const attributes = control(name, className);
    const hintId = `${idOf(name)}-hint`;
    return (
      <div className="mb-3">
        <label className="form-label" htmlFor={attributes.id}>
          {label}
        </label>
        {input(hint && !attributes['aria-describedby'] ? { ...attributes, 'aria-describedby': hintId } : attributes)}
        {hint && (
          <div id={hintId} className="form-text">
            {hint}
          </div>
        )}
        {error(name)}
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

  return { problems, invalid, report, control, error, field, summary, idOf };
}
