/** The answer of every JSON API call (reference member-and-common-api section 1.1). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

/** A field a refused form post named, with the catalogue key of what is wrong with it ('validate:mobile'). */
export interface FieldFault {
  field: string;
  message: string;
}

/** `data` of a refusal that names the fields at fault. */
export interface FieldFaults {
  fields: FieldFault[] | readonly FieldFault[];
}

/** The fields a refusal's `data` names, none when it names none. */
export function fieldFaults(data: unknown): FieldFault[] {
  const fields = typeof data === 'object' && data !== null ? (data as { fields?: unknown }).fields : null;
  if (!Array.isArray(fields)) return [];
  return fields.filter((f): f is FieldFault => typeof f === 'object' && f !== null && typeof (f as FieldFault).field === 'string' && typeof (f as FieldFault).message === 'string');
}

/** Codes the client reacts to (spec section 8). */
export const ApiCode = {
  success: 1,
  failure: 0,
  redirect: 302,
  loginState: 303,
  noPermission: 401,
  tokenExpired: 409,
  /** crud.Crud/generateCheck: the table or generated files exist already; the client asks before overwriting. */
  generateConflict: -1,
} as const;

/** `data.type` of a 303 answer. */
export const NEED_LOGIN = 'need login';
export const LOGGED_IN = 'logged in';
