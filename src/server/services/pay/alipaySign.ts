import type { KeyObject } from 'node:crypto';
import { rsaSign, rsaVerify } from './rsa.ts';

export type AlipayParams = Record<string, string>;

/**
 * Alipay's string to sign: parameters sorted by name, empty values left out, joined as `k=v&k=v` with the raw
 * (not URL-encoded) values. `exclude` names what stays out: `sign` for a request, `sign` and `sign_type` for
 * a notification.
 */
export function alipaySignContent(params: AlipayParams, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** Adds `sign` (RSA2) to a request's parameters. */
export function signAlipayRequest(params: AlipayParams, privateKey: KeyObject): AlipayParams {
  return { ...params, sign: rsaSign(alipaySignContent(params, ['sign']), privateKey) };
}

/** Verifies an asynchronous notification (form fields as posted, already URL-decoded) with Alipay's public key. */
export function verifyAlipayNotify(params: AlipayParams, alipayPublicKey: KeyObject): boolean {
  return rsaVerify(alipaySignContent(params, ['sign', 'sign_type']), params.sign ?? '', alipayPublicKey);
}

/** Verifies a gateway answer: `content` is the exact text of its `*_response` member. */
export function verifyAlipayResponse(content: string, sign: string, alipayPublicKey: KeyObject): boolean {
  return rsaVerify(content, sign, alipayPublicKey);
}

/**
 * The exact text of `"<name>": {...}` in a gateway answer: Alipay signs those bytes, so they are cut from the
 * raw body rather than re-serialised. Null when the member is absent or unbalanced.
 */
export function alipayResponseText(raw: string, name: string): string | null {
  const at = raw.indexOf(`"${name}"`);
  if (at < 0) return null;
  const start = raw.indexOf('{', at + name.length + 2);
  if (start < 0 || raw.slice(at + name.length + 2, start).replace(/[\s:]/g, '') !== '') return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{') {
      depth++;
    } else if (c === '}' && --depth === 0) {
      return raw.slice(start, i + 1);
    }
  }
  return null;
}
