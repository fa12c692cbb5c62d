/** The answer of every JSON API call (reference member-and-common-api section 1.1). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  time: number;
  data: T;
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
