/** Query parameters whose value is a credential: `batoken`, `ba-user-token`, `token`, `refreshToken`..., the terminal's `ticket`. */
const SECRET_PARAM = /token|ticket/i;
export const REDACTED = '***';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * A URL as logs may keep it: the value of every token-like query parameter replaced by `***` (the `<img>`
 * and EventSource URLs that carry tokens in their query would otherwise leave them in every log line).
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0 || !SECRET_PARAM.test(decodedName(url.slice(mark)))) return url;
  const hash = url.indexOf('#', mark);
  const query = url.slice(mark + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    return eq >= 0 && SECRET_PARAM.test(decodedName(part.slice(0, eq))) ? `${part.slice(0, eq)}=${REDACTED}` : part;
  });
  return `${url.slice(0, mark)}?${parts.join('&')}${hash < 0 ? '' : url.slice(hash)}`;
}
