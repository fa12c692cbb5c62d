/**
 * The request client every island uses (spec sections 7 and 8, ARCHITECTURE section 6).
 * Everything that differs between the browser, SSR and tests is injected through `RequestEnv`.
 */
import { ApiCode, NEED_LOGIN, type Envelope } from '../api/envelope.ts';
import type { Lang } from '../i18n/langs.ts';
import { REQUEST_TIMEOUT_MS } from '../constants/layout.ts';
import { httpStatusMessage } from './messages.ts';
import { appendQuery, buildQuery, rewriteAdminUrl } from './query.ts';
import { createTokenStore, type KeyValueStorage, type TokenSide } from './tokens.ts';

export { ADMIN_INFO, USER_INFO, createTokenStore } from './tokens.ts';
export type { KeyValueStorage, TokenKind, TokenSide, TokenStore } from './tokens.ts';
export { appendQuery, buildQuery, rewriteAdminUrl } from './query.ts';
export { httpStatusMessage, statusMessageKey, type RequestMessageKey } from './messages.ts';

/** Default time limit of a request in milliseconds; uploads have none. */
export const REQUEST_TIMEOUT = REQUEST_TIMEOUT_MS;
export const REFRESH_TOKEN_URL = '/api/common/refreshToken';
/** Member-centre base and login routes (the admin ones derive from `adminBase`). */
export const USER_BASE = '/user';
export const USER_LOGIN = '/user/login';

export interface RequestEnv {
  fetch: typeof fetch;
  /** `localStorage` in the browser. */
  storage: KeyValueStorage;
  notify(type: 'error' | 'success', message: string): void;
  /** Goes to a route path. */
  navigate(path: string): void;
  /** `location.pathname`. */
  currentPath(): string;
  lang(): Lang;
  /** Translates keys of the `request` catalogue. */
  t(key: string): string;
  /** `navigator.onLine`. */
  isOnline(): boolean;
  /** ADMIN_BASE, e.g. '/admin'. */
  adminBase: string;
  /** Prefixed to every URL; '' (the default) keeps URLs relative to the current origin. */
  origin?: string;
  /** When set, a string `data` is AES-decrypted with this passphrase. */
  encryptKey?: string;
  /** Route name → path, for the `routeName` of a 302 answer, before the named routes of spec section 2. */
  resolveRoute?(name: string): string | undefined;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  params?: Record<string, unknown>;
  /** Ignored for GET, which cannot carry a body. */
  body?: Record<string, unknown> | FormData;
  headers?: Record<string, string>;
  /** fetch has no upload progress events. */
  onUploadProgress?: never;
}

export interface RequestConfig {
  /** Default true: an identical in-flight request is aborted in favour of the new one. */
  cancelDuplicate?: boolean;
  /** Default true: network, timeout and HTTP-status errors are notified. */
  showErrorMessage?: boolean;
  /** Default true: the `msg` of a code other than 1 is notified. */
  showCodeMessage?: boolean;
  /** Default false: the `msg` of a code 1 answer is notified. */
  showSuccessMessage?: boolean;
  /** Uploads have no time limit. */
  upload?: boolean;
  /** Milliseconds, default REQUEST_TIMEOUT. */
  timeout?: number;
}

export type RequestFn = <T = unknown>(
  url: string,
  options?: RequestOptions,
  config?: RequestConfig,
) => Promise<Envelope<T>>;

/** `data` of a successful `/api/common/refreshToken` answer. */
export interface RefreshTokenData {
  type: 'admin-refresh' | 'user-refresh';
  token: string;
  /** The next refresh token: the one sent is spent. */
  refresh_token: string;
}

export type RequestErrorKind = 'http' | 'timeout' | 'network' | 'cancel' | 'code';

/** Every rejection of the client; `kind` tells callers whether the server answered and how. */
export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  /** The answer, for kind 'code'. */
  readonly envelope?: Envelope<unknown>;
  /** The HTTP status, for kind 'http'. */
  readonly status?: number;

  constructor(
    kind: RequestErrorKind,
    message: string,
    details: { envelope?: Envelope<unknown>; status?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'RequestError';
    this.kind = kind;
    if (details.envelope !== undefined) this.envelope = details.envelope;
    if (details.status !== undefined) this.status = details.status;
  }
}

/** Whether a request was cancelled (a newer identical one replaced it): there is nothing to tell the user. */
export function isCancelled(err: unknown): boolean {
  return err instanceof RequestError && err.kind === 'cancel';
}

/** Tells `show` why a request failed, unless it was cancelled. */
export function reportFailure(err: unknown, show: (reason: string) => void): void {
  if (!isCancelled(err)) show(err instanceof Error ? err.message : String(err));
}

/** Admin context: the current page is the admin base or below it (a boundary, so '/administration' is not). */
export function isAdminPath(path: string, adminBase: string): boolean {
  return path === adminBase || path.startsWith(`${adminBase}/`);
}

export function loginPathOf(side: TokenSide, adminBase: string): string {
  return side === 'admin' ? `${adminBase}/login` : USER_LOGIN;
}

export function basePathOf(side: TokenSide, adminBase: string): string {
  return side === 'admin' ? adminBase : USER_BASE;
}

/** The named routes of spec section 2 an answer may send the visitor to; undefined for any other name. */
export function namedRoutePath(name: string, adminBase: string): string | undefined {
  const routes: Record<string, string> = {
    home: '/',
    admin: adminBase,
    adminLogin: loginPathOf('admin', adminBase),
    user: USER_BASE,
    userLogin: USER_LOGIN,
    notFound: '/404',
    noPower: '/401',
  };
  return Object.hasOwn(routes, name) ? routes[name] : undefined;
}

type ResolvedConfig = Required<RequestConfig>;

interface Call {
  url: string;
  options: RequestOptions;
  config: ResolvedConfig;
  /** A replay after a refresh (or the refresh call itself) must not start another refresh. */
  replayed: boolean;
}

interface Sent {
  envelope: Envelope<unknown>;
  /** The access tokens the request carried, to notice a refresh that happened meanwhile. */
  tokens: Record<TokenSide, string>;
}

type RefreshOutcome = { ok: true } | { ok: false; error: RequestError };

function resolveConfig(config: RequestConfig = {}): ResolvedConfig {
  return {
    cancelDuplicate: config.cancelDuplicate ?? true,
    showErrorMessage: config.showErrorMessage ?? true,
    showCodeMessage: config.showCodeMessage ?? true,
    showSuccessMessage: config.showSuccessMessage ?? false,
    upload: config.upload ?? false,
    timeout: config.timeout ?? REQUEST_TIMEOUT,
  };
}

function stringField(data: unknown, name: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value: unknown = (data as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

async function parseEnvelope(text: string, encryptKey: string | undefined): Promise<Envelope<unknown>> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('Answer is not an object');
  const raw = parsed as Record<string, unknown>;
  if (typeof raw.code !== 'number') throw new Error('Answer has no numeric code');
  // The throttle answer has no time/data; normalise so callers always see the full envelope shape.
  const envelope: Envelope<unknown> = {
    code: raw.code,
    msg: typeof raw.msg === 'string' ? raw.msg : '',
    time: typeof raw.time === 'number' ? raw.time : 0,
    data: raw.data ?? null,
  };
  if (typeof envelope.data === 'string' && encryptKey) {
    const { decryptData } = await import('./cipher.ts');
    envelope.data = decryptData(envelope.data, encryptKey);
  }
  return envelope;
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

export function createRequest(env: RequestEnv): RequestFn {
  const tokens = createTokenStore(env.storage);
  const origin = env.origin ?? '';
  // Unbound on purpose: `window.fetch` throws "Illegal invocation" when called as a method of another object.
  const doFetch = env.fetch;
  /** Dedupe key → abort of the request currently holding it. */
  const pending = new Map<string, () => void>();
  let refreshing: Promise<RefreshOutcome> | null = null;

  const contextSide = (): TokenSide => (isAdminPath(env.currentPath(), env.adminBase) ? 'admin' : 'user');

  function goTo(path: string): void {
    if (env.currentPath() !== path) env.navigate(path);
  }

  function notifyError(show: boolean, message: string): void {
    if (show && message) env.notify('error', message);
  }

  async function send(call: Call): Promise<Sent> {
    const { options, config } = call;
    const method = options.method ?? 'GET';
    const path = rewriteAdminUrl(call.url, env.adminBase);
    const url = origin + appendQuery(path, buildQuery(options.params));

    const headers = new Headers({ 'think-lang': env.lang(), server: 'true' });
    const sentTokens: Record<TokenSide, string> = {
      admin: tokens.get('admin', 'access'),
      user: tokens.get('user', 'access'),
    };
    if (sentTokens.admin) headers.set('batoken', sentTokens.admin);
    if (sentTokens.user) headers.set('ba-user-token', sentTokens.user);

    let body: BodyInit | undefined;
    let bodyKey: string | null = '';
    if (options.body !== undefined && method !== 'GET') {
      if (isFormData(options.body)) {
        // The browser sets the multipart boundary; FormData contents cannot be compared, so never deduped.
        body = options.body;
        bodyKey = null;
      } else {
        body = JSON.stringify(options.body);
        bodyKey = body;
        headers.set('content-type', 'application/json');
      }
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

    const controller = new AbortController();
    let aborted: 'timeout' | 'cancel' | null = null;
    const abort = (why: 'timeout' | 'cancel'): void => {
      if (aborted) return;
      aborted = why;
      controller.abort();
    };
    const cancel = (): void => abort('cancel');

    const key = config.cancelDuplicate && bodyKey !== null ? `${method} ${url} ${bodyKey}` : null;
    if (key !== null) {
      pending.get(key)?.();
      pending.set(key, cancel);
    }
    const timer = config.upload ? undefined : setTimeout(() => abort('timeout'), config.timeout);

    const abortError = (why: 'timeout' | 'cancel'): RequestError => {
      if (why === 'cancel') return new RequestError('cancel', env.t('cancelDuplicate') + path);
      notifyError(config.showErrorMessage, env.t('timeout'));
      return new RequestError('timeout', env.t('timeout'));
    };

    try {
      let response: Response;
      let text = '';
      try {
        response = await doFetch(url, { method, headers, body, signal: controller.signal });
        if (response.ok) text = await response.text();
        // Free the connection; the body of an error status is not used.
        else void response.body?.cancel().catch(() => undefined);
      } catch (error) {
        if (aborted) throw abortError(aborted);
        const message = env.isOnline() ? env.t('serverException') : env.t('offline');
        notifyError(config.showErrorMessage, message);
        throw new RequestError('network', message, { cause: error });
      }
      // The answer may have fully arrived in the same tick as a cancel or timeout; the abort still wins.
      if (aborted) throw abortError(aborted);

      if (!response.ok) {
        const message = httpStatusMessage(response.status, path, env.t);
        notifyError(config.showErrorMessage, message);
        throw new RequestError('http', message, { status: response.status });
      }

      try {
        return { envelope: await parseEnvelope(text, env.encryptKey), tokens: sentTokens };
      } catch (error) {
        const message = env.t('serverException');
        notifyError(config.showErrorMessage, message);
        throw new RequestError('http', message, { status: response.status, cause: error });
      }
    } finally {
      clearTimeout(timer);
      if (key !== null && pending.get(key) === cancel) pending.delete(key);
    }
  }

  function codeError(envelope: Envelope<unknown>): RequestError {
    return new RequestError('code', envelope.msg || `Request failed with code ${envelope.code}`, { envelope });
  }

  async function refreshTokens(side: TokenSide, expired: Envelope<unknown>): Promise<RefreshOutcome> {
    try {
      const refreshToken = tokens.get(side, 'refresh');
      if (!refreshToken) throw codeError(expired);
      const answer = await run({
        url: REFRESH_TOKEN_URL,
        options: { method: 'POST', body: { refreshToken } },
        config: resolveConfig({ cancelDuplicate: false }),
        replayed: true,
      });
      const type = stringField(answer.data, 'type');
      const token = stringField(answer.data, 'token');
      const target: TokenSide | null =
        type === 'admin-refresh' ? 'admin' : type === 'user-refresh' ? 'user' : null;
      // Storing nothing and replaying would only earn another 409, so an unusable answer is a failure.
      if (!target || !token) throw codeError(answer);
      tokens.set(target, 'access', token);
      // The server rotates refresh tokens: the one just used is spent, and presenting it again ends the login.
      const rotated = stringField(answer.data, 'refresh_token');
      if (rotated) tokens.set(target, 'refresh', rotated);
      return { ok: true };
    } catch (error) {
      tokens.clear(side);
      goTo(loginPathOf(side, env.adminBase));
      const reason =
        error instanceof RequestError ? error : new RequestError('network', env.t('serverException'), { cause: error });
      return { ok: false, error: reason };
    }
  }

  async function refreshAndReplay(call: Call, sent: Sent): Promise<Envelope<unknown>> {
    const side = contextSide();
    if (!refreshing) {
      const current = tokens.get(side, 'access');
      // This request left before a refresh that has finished since: the stored token is already new.
      if (current && current !== sent.tokens[side]) return run({ ...call, replayed: true });
      refreshing = refreshTokens(side, sent.envelope).finally(() => {
        refreshing = null;
      });
    }
    const outcome = await refreshing;
    if (!outcome.ok) throw outcome.error;
    return run({ ...call, replayed: true });
  }

  async function run(call: Call): Promise<Envelope<unknown>> {
    const sent = await send(call);
    const { envelope } = sent;
    const { config } = call;

    if (envelope.code === ApiCode.success) {
      if (config.showSuccessMessage) env.notify('success', envelope.msg || env.t('operationSuccessful'));
      return envelope;
    }
    if (envelope.code === ApiCode.tokenExpired && !call.replayed) {
      // No message for the 409 itself: the user should not notice a successful refresh.
      return refreshAndReplay(call, sent);
    }

    notifyError(config.showCodeMessage, envelope.msg);
    if (envelope.code === ApiCode.redirect) {
      const routeName = stringField(envelope.data, 'routeName');
      const target = stringField(envelope.data, 'routePath') ?? (routeName ? (env.resolveRoute?.(routeName) ?? namedRoutePath(routeName, env.adminBase)) : undefined);
      if (target) goTo(target);
    } else if (envelope.code === ApiCode.loginState) {
      const side = contextSide();
      if (stringField(envelope.data, 'type') === NEED_LOGIN) {
        tokens.clear(side);
        goTo(loginPathOf(side, env.adminBase));
      } else {
        goTo(basePathOf(side, env.adminBase));
      }
    }
    throw codeError(envelope);
  }

  return <T = unknown>(url: string, options: RequestOptions = {}, config?: RequestConfig) =>
    // The envelope shape is checked at runtime; `data` is trusted to match T as the API contract says.
    run({ url, options, config: resolveConfig(config), replayed: false }) as Promise<Envelope<T>>;
}
