/** URL building for the request client: PHP-style query strings and the admin entry rewrite (spec section 7). */

type Pair = [key: string, value: string];

function scalarToString(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function isScalarList(list: readonly unknown[]): boolean {
  return list.every((item) => !Array.isArray(item) && !isPlainObject(item));
}

function collect(prefix: string, value: unknown, out: Pair[]): void {
  if (Array.isArray(value)) {
    // PHP reads `ids[]=1&ids[]=2` as a list; nested rows need an index so their fields stay together.
    const scalars = isScalarList(value);
    value.forEach((item, index) => collect(scalars ? `${prefix}[]` : `${prefix}[${index}]`, item, out));
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) collect(`${prefix}[${encodeURIComponent(key)}]`, item, out);
    return;
  }
  const text = scalarToString(value);
  if (text !== undefined) out.push([prefix, encodeURIComponent(text)]);
}

/**
 * Serialises params the way PHP (and the `qs` bracket convention) reads them back:
 * `search[0][field]=x`, `ids[]=1&ids[]=2`. Brackets stay literal for readable URLs; key names and
 * values are percent-encoded; null and undefined are skipped. Returns '' when nothing remains.
 */
export function buildQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const pairs: Pair[] = [];
  for (const [key, value] of Object.entries(params)) collect(encodeURIComponent(key), value, pairs);
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

/** Appends a query string to a URL that may already carry one (and may carry a #fragment). */
export function appendQuery(url: string, query: string): string {
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${query}${hash}`;
}

/**
 * The admin API lives under `/admin/...` in the code; a deployment with a renamed admin entry serves it
 * at `<adminBase>.php/...` instead (`/admin/auth.Admin/index` with base `/manage` → `/manage.php/auth.Admin/index`).
 */
export function rewriteAdminUrl(url: string, adminBase: string): string {
  if (adminBase === '/admin' || !url.startsWith('/admin/')) return url;
  return `${adminBase}.php/${url.slice('/admin/'.length)}`;
}
