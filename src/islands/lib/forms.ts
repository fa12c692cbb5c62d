import type { ZodType } from 'zod';
import { fieldFaults } from '../../shared/api/envelope.ts';
import { RequestError } from '../../shared/request/client.ts';

/** A problem of a form: which field, and the catalogue key of its message. */
export interface FormProblem {
  field: string;
  message: string;
}

/** The message of a value the schema rejected without a catalogue key of its own (a wrong type). */
export const INVALID = 'validate:invalid';

/** What a check found: the parsed values, or every field's first problem in the schema's order. */
export type Checked<T> = { ok: true; data: T } | { ok: false; problems: FormProblem[] };

/**
 * Validates form values with a schema shared with the server and reports every invalid field at once (one
 * problem per field), so a visitor fixes them in one go. Messages of the shared schemas are catalogue keys
 * ('validate:password'); zod's own default texts are replaced by a generic key so nothing untranslated
 * reaches the page.
 */
export function check<T>(schema: Pick<ZodType<T>, 'safeParse'>, values: unknown): Checked<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const problems: FormProblem[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (problems.some((p) => p.field === field)) continue;
    problems.push({ field, message: /^[a-z-]+:[\w.]+$/i.test(issue.message) ? issue.message : INVALID });
  }
  return { ok: false, problems };
}

// The account schemas (and zod with them, a sixth of a login page's script) are fetched when a form is first
// used, not with the page, so a first visit on a slow phone stays light; typing leaves time to fetch them.
const accountRules = () => import('./accountRules.ts');
export type AccountRules = Awaited<ReturnType<typeof accountRules>>;
let pending: Promise<AccountRules> | null = null;

/** The account schemas, fetched once; a failed fetch is tried again on the next call. */
function loadAccountRules(): Promise<AccountRules> {
  pending ??= accountRules().catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

/** Starts fetching the account schemas (a form's onFocus), so they are there when the form is sent. */
export function prefetchAccountRules(): void {
  loadAccountRules().catch(() => undefined);
}

/** check() against an account schema fetched on demand; without the network, the form says so (field 'form'). */
export async function checkAccount<T>(pick: (rules: AccountRules) => Pick<ZodType<T>, 'safeParse'>, values: unknown): Promise<Checked<T>> {
  let rules: AccountRules;
  try {
    rules = await loadAccountRules();
  } catch {
    return { ok: false, problems: [{ field: 'form', message: 'request:offline' }] };
  }
  return check(pick(rules), values);
}

/**
 * A random id for the click captcha. crypto.randomUUID exists only on secure origins, and a site may be
 * served over plain HTTP; getRandomValues works everywhere.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The fields a refused save named (the server's Refusal.fields), as problems the form marks inline. */
export function refusedFields(err: unknown): FormProblem[] {
  return err instanceof RequestError && err.kind === 'code' ? fieldFaults(err.envelope?.data) : [];
}

/**
 * Whether a refused login asks for the click captcha (`data.captcha`): the server does so for an account
 * failed at too often, even with the login captcha switched off.
 */
export function captchaAsked(err: unknown): boolean {
  const data = err instanceof RequestError && err.kind === 'code' ? err.envelope?.data : null;
  return typeof data === 'object' && data !== null && (data as { captcha?: unknown }).captcha === true;
}
