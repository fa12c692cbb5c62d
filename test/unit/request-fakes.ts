/** Fakes shared by the request client tests: a scriptable fetch, a memory storage and a recording env. */
import type { Envelope } from '../../src/shared/api/envelope.ts';
import type { Lang } from '../../src/shared/i18n/langs.ts';
import { createRequest, type KeyValueStorage, type RequestEnv, type RequestFn } from '../../src/shared/request/client.ts';
import en from '../../src/locales/en/request.json' with { type: 'json' };

export interface FakeCall {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  signal: AbortSignal;
}

/** What the scripted server does with one call: answer, answer later, never answer, or fail like a dead network. */
export type Reply = Response | Promise<Response> | 'hang' | Error;

export function json(payload: unknown, status = 200): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

export function envelope<T>(code: number, data: T, msg = ''): Envelope<T> {
  return { code, msg, time: 1_700_000_000, data };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A response that arrives after `ms` milliseconds. */
export function later(ms: number, response: () => Response): Promise<Response> {
  return delay(ms).then(response);
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

export function fakeFetch(reply: (call: FakeCall, index: number) => Reply): { fetch: typeof fetch; calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const fetchImpl = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const signal = init.signal ?? new AbortController().signal;
    const call: FakeCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      signal,
    };
    calls.push(call);
    const answer = reply(call, calls.length - 1);
    if (answer instanceof Error) return Promise.reject(answer);
    // Like real fetch: an abort rejects the pending promise with an AbortError.
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(abortError());
      signal.addEventListener('abort', () => reject(abortError()), { once: true });
    });
    if (answer === 'hang') return aborted;
    return Promise.race([Promise.resolve(answer), aborted]);
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

export class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  /** The stored JSON object under `key`, for assertions. */
  info(key: string): unknown {
    const raw = this.map.get(key);
    return raw === undefined ? undefined : JSON.parse(raw);
  }
}

const catalogue: Record<string, string> = en;

export interface Harness {
  request: RequestFn;
  calls: FakeCall[];
  storage: MemoryStorage;
  notes: Array<[type: 'error' | 'success', message: string]>;
  navigations: string[];
  state: { path: string; online: boolean; lang: Lang };
}

export interface HarnessOptions {
  reply: (call: FakeCall, index: number) => Reply;
  path?: string;
  adminBase?: string;
  origin?: string;
  encryptKey?: string;
  routes?: Record<string, string>;
  stored?: Record<string, unknown>;
}

/** A client over the fake fetch, with the real English catalogue so messages are the user-visible texts. */
export function harness(options: HarnessOptions): Harness {
  const { fetch, calls } = fakeFetch(options.reply);
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(options.stored ?? {})) storage.setItem(key, JSON.stringify(value));
  const notes: Harness['notes'] = [];
  const navigations: string[] = [];
  const state: Harness['state'] = { path: options.path ?? '/', online: true, lang: 'en' };
  const routes = options.routes ?? {};
  const env: RequestEnv = {
    fetch,
    storage,
    notify: (type, message) => notes.push([type, message]),
    navigate: (path) => {
      navigations.push(path);
      state.path = path;
    },
    currentPath: () => state.path,
    lang: () => state.lang,
    t: (key) => catalogue[key] ?? key,
    isOnline: () => state.online,
    adminBase: options.adminBase ?? '/admin',
    resolveRoute: (name) => (Object.hasOwn(routes, name) ? routes[name] : undefined),
  };
  if (options.origin !== undefined) env.origin = options.origin;
  if (options.encryptKey !== undefined) env.encryptKey = options.encryptKey;
  return { request: createRequest(env), calls, storage, notes, navigations, state };
}

/** The JSON body a fake call carried. */
export function bodyOf(call: FakeCall | undefined): unknown {
  if (typeof call?.body !== 'string') throw new Error('call has no JSON body');
  return JSON.parse(call.body);
}
