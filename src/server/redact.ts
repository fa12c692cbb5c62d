import { CREDENTIAL_PARAMS } from '../shared/api/credentials.ts';

/** Query parameters whose value is a credential, as declared (src/shared/api/credentials.ts), in any case. */
const SECRET_PARAMS = new Set(CREDENTIAL_PARAMS.map((p) => p.toLowerCase()));
const isSecretParam = (name: string) => SECRET_PARAMS.has(name.toLowerCase());
export const REDACTED = '***';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * A URL as logs may keep it: the value of every credential parameter replaced by `***` (the `<img>` and
 * EventSource URLs that carry tokens in their query would otherwise leave them in every log line).
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const hash = url.indexOf('#', mark);
  const query = url.slice(mark + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    return eq >= 0 && isSecretParam(decodedName(part.slice(0, eq))) ? `${part.slice(0, eq)}=${REDACTED}` : part;
  });
  return `${url.slice(0, mark)}?${parts.join('&')}${hash < 0 ? '' : url.slice(hash)}`;
}
