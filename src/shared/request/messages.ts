/** The HTTP status → `request` catalogue key table of spec section 8. */

/** Keys of `src/locales/<lang>/request.json`. */
export type RequestMessageKey =
  | 'status302'
  | 'status400'
  | 'status401'
  | 'status404'
  | 'status408'
  | 'status409'
  | 'status500'
  | 'status501'
  | 'status502'
  | 'status503'
  | 'status504'
  | 'status505'
  | 'statusOther'
  | 'timeout'
  | 'offline'
  | 'serverException'
  | 'cancelDuplicate'
  | 'operationSuccessful';

const STATUS_KEYS: Readonly<Record<number, RequestMessageKey>> = {
  302: 'status302',
  400: 'status400',
  401: 'status401',
  // A 403 is an IP ban or a refused action: the user sees the same "no permission" text as 401.
  403: 'status401',
  404: 'status404',
  408: 'status408',
  409: 'status409',
  500: 'status500',
  501: 'status501',
  502: 'status502',
  503: 'status503',
  504: 'status504',
  505: 'status505',
};

export function statusMessageKey(status: number): RequestMessageKey {
  return STATUS_KEYS[status] ?? 'statusOther';
}

/** The translated notification for a non-2xx answer; 404 names the address so the broken call can be found. */
export function httpStatusMessage(status: number, url: string, t: (key: string) => string): string {
  const key = statusMessageKey(status);
  return key === 'status404' ? t(key) + url : t(key);
}
