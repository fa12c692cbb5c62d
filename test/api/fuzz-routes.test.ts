import test from 'ava';
import qs from 'qs';
import { startServer, type TestServer } from '../helpers/server.ts';
import { probeExtension } from '../fixtures/probe/index.ts';
import { createMember } from '../helpers/accounts.ts';
import { resources } from '../../src/resources/index.ts';
import { design, EVERY_TYPE } from '../helpers/crudDesign.ts';
import type { ApiRoute, Method } from '../../src/api/types.ts';

/**
 * Walks every route of the API registry (so routes added later are covered without touching this file) as a
 * guest, a member and a super admin, with malformed bodies, wrong types, huge and deep values and hostile
 * keys. Any 5xx, any stack trace or server file path in an answer, or a dead process fails it.
 */
let server: TestServer;
/** A resource of every design type made by the CRUD generator: its routes exist only at run time. */
const GENERATED = '/admin/fuzz.Everything/';
test.before(async () => {
  // Every request must reach its handler: no captcha in the way, no per-IP brake.
  server = await startServer({ RATE_LIMIT_FACTOR: '0', ADMIN_LOGIN_CAPTCHA: '0', USER_LOGIN_CAPTCHA: '0' }, probeExtension);
  const { knex, services } = server.app;
  const admin = (await knex('admin').where({ username: 'admin' }).first<{ id: number }>('id')).id;
  const res = await fetch(`${server.url}/admin/crud.Crud/generate`, {
    method: 'POST',
    headers: { server: 'true', 'content-type': 'application/json', batoken: await services.tokens.issue('admin', admin) },
    body: JSON.stringify(design('fuzz_everything', EVERY_TYPE)),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 1) throw new Error(`generate failed: ${body.msg}`);
});
test.after.always(async () => {
  await server?.stop();
});

/** Parameter names handlers read: the generic ones of the reference plus every resource field. */
const NAMES = [
  ...new Set([
    ...['id', 'ids', 'page', 'limit', 'quickSearch', 'search', 'order', 'select', 'initKey', 'initValue', 'isTree', 'targetId', 'row'],
    ...['username', 'password', 'oldPassword', 'newPassword', 'keep', 'tab', 'type', 'registerType', 'account', 'captcha', 'captchaId', 'captchaInfo'],
    ...['refreshToken', 'mobile', 'email', 'event', 'template_code', 'extra', 'info', 'unset', 'userId', 'user_id', 'money', 'score', 'memo'],
    ...['table', 'field', 'clean', 'connection', 'suffix', 'background', 'province', 'city', 'uuid', 'command', 'extend', 'rules', 'testMail'],
    ...resources.flatMap((r) => r.fields.map((f) => f.name)),
    ...EVERY_TYPE.map((f) => f.name),
  ]),
];

const fill = (value: unknown) => Object.fromEntries(NAMES.map((n) => [n, value]));
const nested = (levels: number): unknown => (levels === 0 ? 'x' : { a: nested(levels - 1), b: [levels] });
const JUNK = "' OR 1=1 --<script>alert(1)</script>\u0000%s%n${x}{{x}}../../../etc/passwd\r\nX-Injected: 1 \ud83d\ude00";

interface Payload {
  name: string;
  /** The body as sent, or null for none. */
  body: string | Blob | null;
  headers?: Record<string, string>;
  /** Parameters for the query string (GET routes get the payload this way). */
  query?: unknown;
}

const json = (name: string, value: unknown): Payload => ({ name, body: JSON.stringify(value), headers: { 'content-type': 'application/json' }, query: value });

/** Refused or settled while the body is read, before authorisation: sent once, as a guest. */
const PARSER_PAYLOADS: Payload[] = [
  { name: 'nesting beyond the limits', body: `{"id":${'['.repeat(3000)}${']'.repeat(3000)}}`, headers: { 'content-type': 'application/json' }, query: { id: nested(40) } },
  { name: 'a __proto__ key', body: '{"id":1,"__proto__":{"admin":1}}', headers: { 'content-type': 'application/json' }, query: '__proto__[admin]=1&constructor[prototype][x]=1' },
  json('prototype names as keys everywhere', { ...fill({ toString: 'x', valueOf: 1, constructor: { prototype: { x: 1 } } }), toString: 1, hasOwnProperty: 'x' }),
  { name: 'malformed JSON', body: '{"id": [1, 2', headers: { 'content-type': 'application/json' }, query: 'id=%E0%A4%A&page[=1&&=' },
  { name: 'gzip that is not gzip', body: '{"id":1}', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, query: {} },
  { name: 'unknown content type', body: '<xml>&x;</xml>', headers: { 'content-type': 'application/xml' }, query: {} },
  { name: 'multipart without a boundary', body: '--x\r\n\r\n', headers: { 'content-type': 'multipart/form-data' }, query: {} },
];

/** Parsed fine but of the wrong shape: sent as the identity that gets past the route's login check. */
const HANDLER_PAYLOADS: Payload[] = [
  json('empty object', {}),
  json('objects everywhere', fill({ a: 1, b: [2] })),
  json('arrays everywhere', fill([-1, 'x', null, {}])),
  json('odd numbers, booleans and nulls', Object.fromEntries(NAMES.map((n, i) => [n, [-1.5, 1e308, true, null][i % 4]]))),
  json('junk strings', fill(JUNK)),
  json('long strings', fill('界'.repeat(2000))),
  json('deep values within the limits', fill(nested(6))),
  { name: 'bracketed form fields', body: 'id[]=1&ids[][][]=2&search[0][field]=x&search[0][operator]=;drop&order[]=id,desc', headers: { 'content-type': 'application/x-www-form-urlencoded' }, query: 'search[0][field]=id&search[0][val][]=1&search[0][operator]=RANGE&limit[]=9' },
];

type Identity = 'guest' | 'member' | 'admin';

/** Who gets past the route's login check, and so reaches its handler. */
function reaches(route: ApiRoute, identity: Identity): boolean {
  if (route.auth === 'none') return true;
  return route.auth.startsWith('user') ? identity === 'member' : identity === 'admin';
}

const STACK_OR_PATH = /\n\s+at |\bat [\w.<>]+ \(|node_modules|(?:^|[\s"'(])\/(?:work|home|root|tmp|usr|opt|var|srv)\/|\.tsx?:\d+/;

interface Outcome {
  label: string;
  status: number;
  problem: string | null;
}

const ANSWER_WITHIN_MS = 30_000;

const queries = new Map<Payload, string>();
/**
 * A payload as a query string, made once: every GET route gets the same one, and encoding the largest
 * payloads (megabytes of percent-escapes) was most of this walk's own CPU. Cut where a URL may end: the point
 * is odd shapes, not size.
 */
function queryOf(payload: Payload): string {
  let query = queries.get(payload);
  if (query === undefined) {
    query = (typeof payload.query === 'string' ? payload.query : qs.stringify(payload.query ?? {})).slice(0, 6000);
    queries.set(payload, query);
  }
  return query;
}

async function send(route: ApiRoute, method: Method, payload: Payload, identity: Identity, token: Record<string, string>): Promise<Outcome> {
  const label = `${method} ${route.path} ${payload.name} as ${identity}`;
  const headers: Record<string, string> = { server: 'true', 'think-lang': 'en', ...token };
  let url = server.url + route.path;
  const init: RequestInit = { method, headers };
  if (method === 'GET') {
    const query = queryOf(payload);
    if (query) url += `?${query}`;
  } else if (payload.body !== null) {
    Object.assign(headers, payload.headers);
    init.body = payload.body;
  }
  let res: Response | null = null;
  let text = '';
  // One retry when the connection drops before any answer: on a loaded machine a kept-alive socket may be
  // closed by the server just as the next request goes out. A request that kills its connection twice is
  // reported.
  for (let attempt = 0; attempt < 2 && !res; attempt++) {
    try {
      // A request left unanswered is a finding like a 5xx, not a walk that never ends.
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
      text = await res.text();
    } catch (err) {
      res = null;
      if (attempt === 1) return { label, status: 0, problem: `no answer: ${String((err as { cause?: unknown }).cause ?? err)}` };
    }
  }
  if (!res) return { label, status: 0, problem: 'no answer' };
  let problem: string | null = null;
  if (res.status >= 500) problem = `status ${res.status}: ${text.slice(0, 200)}`;
  else if (STACK_OR_PATH.test(text) && !res.headers.get('content-type')?.startsWith('image/')) problem = `leaks internals: ${text.match(STACK_OR_PATH)?.[0]}`;
  return { label, status: res.status, problem };
}

/** Runs jobs with a few in flight at once, like several clients. */
async function pool<T>(jobs: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        results.push(await job());
      }
    }),
  );
  return results;
}

/** The requests for one route: parser cases as a guest, every identity's login check, handler cases as whoever gets in. */
function jobsFor(route: ApiRoute, tokenOf: Record<Identity, () => Promise<Record<string, string>>>): Array<() => Promise<Outcome>> {
  const jobs: Array<() => Promise<Outcome>> = [];
  for (const method of route.methods) {
    for (const identity of ['guest', 'member', 'admin'] as const) {
      const payloads = [...(identity === 'guest' ? PARSER_PAYLOADS : []), ...(reaches(route, identity) ? HANDLER_PAYLOADS : HANDLER_PAYLOADS.slice(0, 1))];
      // Fresh tokens per route and identity: a route that signs out or changes a password spoils no other route.
      let token: Promise<Record<string, string>> | null = null;
      for (const payload of payloads) jobs.push(async () => send(route, method, payload, identity, await (token ??= tokenOf[identity]())));
    }
  }
  return jobs;
}

// The routes in slices, one test each and one after another, so that progress is reported while the walk goes on.
const SLICES = 8;
let total = 0;
let generated = 0;
for (let slice = 0; slice < SLICES; slice++) {
  test.serial(`every registered route (slice ${slice + 1}/${SLICES}), as guest, member and admin, answers malformed input without a 5xx or a leak`, async (t) => {
    const { knex, services } = server.app;
    const all = server.app.registry.all();
    t.true(all.length > 100, 'the registry is walked, not a fixed list');
    const routes = all.filter((_, i) => i % SLICES === slice);
    const memberId = (await createMember(server)).id;
    const adminId = (await knex('admin').where({ username: 'admin' }).first<{ id: number }>('id')).id;
    const tokenOf: Record<Identity, () => Promise<Record<string, string>>> = {
      guest: async () => ({}),
      member: async () => ({ 'ba-user-token': await services.tokens.issue('user', memberId) }),
      admin: async () => ({ batoken: await services.tokens.issue('admin', adminId) }),
    };
    const started = Date.now();
    const outcomes = await pool(routes.flatMap((r) => jobsFor(r, tokenOf)), 4);
    total += outcomes.length;
    generated += outcomes.filter((o) => o.label.includes(GENERATED)).length;
    t.log(`${outcomes.length} requests over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    t.deepEqual(
      outcomes.filter((o) => o.problem).map((o) => `${o.label}: ${o.problem}`).slice(0, 40),
      [],
    );
    const alive = (await (await fetch(`${server.url}/api/index/index`, { headers: { server: 'true' } })).json()) as { code: number };
    t.is(alive.code, 1, 'the process still serves');
  });
}

test.after('at least 2,000 requests were sent, generated routes among them', (t) => {
  t.true(total >= 2000, `${total} requests`);
  t.true(generated >= 5 * 10, `${generated} requests to the generated resource's five routes`);
});
