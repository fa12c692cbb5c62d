import test from 'ava';
import { randomUUID } from 'node:crypto';
import { api, startServer, type ApiResult, type TestServer } from '../helpers/server.ts';
import type { CaptchaTarget, StoredCaptcha } from '../../src/server/services/captcha.ts';
import { now } from '../../src/server/services/clock.ts';


interface CaptchaData {
  id: string;
  text: string[];
  base64: string;
  width: number;
  height: number;
}

const FAILED = { 'zh-cn': '未点中正确区域，请重试！', en: 'The correct area is not clicked, please try again!' } as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let server: TestServer;
test.before(async () => {
  // Every test calls from its own client address (X-Forwarded-For, trusted here), so the real per-IP limits
  // (factor 1) neither leak between tests running in parallel nor depend on how many calls the others make.
  server = await startServer({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: '1' });
});
test.after.always(async () => {
  await server?.stop();
});

let lastIp = 0;
/** A client with its own address (X-Forwarded-For), speaking `lang`. */
function client(lang: 'zh-cn' | 'en' = 'zh-cn') {
  const ip = `10.0.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
  const headers = { 'x-forwarded-for': ip };
  return {
    get: (id: string) => api<CaptchaData>(server.url, `/api/common/clickCaptcha?id=${encodeURIComponent(id)}`, { lang, headers }),
    check: (body: Record<string, unknown>) => api<null>(server.url, '/api/common/checkClickCaptcha', { lang, headers, body }),
    /** A captcha drawn for a fresh id, with its stored targets. */
    async fresh(): Promise<{ id: string; data: CaptchaData; stored: StoredCaptcha }> {
      const id = randomUUID();
      const res = await this.get(id);
      if (res.body.code !== 1) throw new Error(`clickCaptcha failed: ${res.body.msg}`);
      const stored = await server.app.services.captcha.load(id);
      if (!stored) throw new Error('captcha not stored');
      return { id, data: res.body.data, stored };
    },
  };
}

/** The centre of each box, in integer pixels of an image shown at `scale` times its size. */
function info(targets: CaptchaTarget[], scale = 1, width = 350, height = 200): string {
  const points = targets.map((b) => `${Math.round((b.x + b.width / 2) * scale)},${Math.round((b.y + b.height / 2) * scale)}`);
  return `${points.join('-')};${Math.round(width * scale)};${Math.round(height * scale)}`;
}

function assertFailed(t: import('ava').ExecutionContext, res: ApiResult<null>, lang: 'zh-cn' | 'en' = 'zh-cn', why = ''): void {
  t.deepEqual([res.status, res.body.code, res.body.msg, res.body.data], [200, 0, FAILED[lang], null], why);
}

test('clickCaptcha (zh-cn) answers a real PNG, two Chinese targets and stores exactly those two', async (t) => {
  const c = client('zh-cn');
  const id = randomUUID();
  const res = await c.get(id);
  t.is(res.body.code, 1);
  t.is(res.body.msg, '');
  const data = res.body.data;
  t.deepEqual(Object.keys(data).sort(), ['base64', 'height', 'id', 'text', 'width'], 'nothing but the reference fields (no boxes)');
  t.is(data.id, id);
  t.deepEqual([data.width, data.height], [350, 200]);
  t.true(data.base64.startsWith('data:image/png;base64,'));
  const png = Buffer.from(data.base64.slice('data:image/png;base64,'.length), 'base64');
  t.deepEqual(png.subarray(0, 8), PNG_SIGNATURE);
  t.is(png.toString('latin1', 12, 16), 'IHDR');
  t.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [data.width, data.height]);
  t.true(png.length > 5000, 'a drawn image, not a blank');

  t.is(data.text.length, 2);
  for (const label of data.text) t.regex(label, /^\p{Script=Han}$/u);

  const stored = await server.app.services.captcha.load(id);
  t.truthy(stored);
  t.is(stored!.targets.length, 2, 'decoys are not stored');
  t.deepEqual(stored!.targets.map((b) => b.label), data.text, 'stored in click order');
  t.deepEqual([stored!.width, stored!.height], [350, 200]);
  const rows = await server.app.knex('captcha').where({ captcha: JSON.stringify(stored) });
  t.is(rows.length, 1, 'one row in the captcha table');
  t.true(rows[0].expire_time > now() + 590 && rows[0].expire_time <= now() + 600);
  t.not(rows[0].key, id, 'the id itself is not the key');
});

test('clickCaptcha (en) names its targets in English: letters or shapes', async (t) => {
  const c = client('en');
  for (let i = 0; i < 5; i++) {
    const { data } = await c.fresh();
    t.is(data.text.length, 2);
    for (const label of data.text) t.regex(label, /^([A-HJ-NPR-Z]|<(star|heart|triangle|circle|square|arrow)>)$/);
  }
});

test('right clicks pass without consuming (unset=false), then pass once more consuming (unset=true)', async (t) => {
  const c = client();
  const { id, stored } = await c.fresh();
  const right = info(stored.targets);
  for (let i = 0; i < 2; i++) {
    const res = await c.check({ id, info: right, unset: false });
    t.deepEqual([res.body.code, res.body.msg, res.body.data], [1, '', null]);
  }
  t.is((await c.check({ id, info: right, unset: true })).body.code, 1);
  assertFailed(t, await c.check({ id, info: right, unset: true }));
  t.is(await server.app.services.captcha.load(id), null);
});

test('unset as text: "false" and "0" keep the captcha, "true" and "1" consume it; form bodies too', async (t) => {
  const c = client();
  for (const [unset, consumed] of [['false', false], ['0', false], [0, false], ['true', true], ['1', true], [1, true]] as const) {
    const { id, stored } = await c.fresh();
    t.is((await c.check({ id, info: info(stored.targets), unset })).body.code, 1, `unset=${unset}`);
    t.is((await server.app.services.captcha.load(id)) === null, consumed, `unset=${unset}`);
  }
  const { id, stored } = await c.fresh();
  const form = new URLSearchParams({ id, info: info(stored.targets), unset: '1' });
  const res = await fetch(`${server.url}/api/common/checkClickCaptcha`, {
    method: 'POST',
    headers: { server: 'true', 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.9.9.9' },
    body: form.toString(),
  });
  t.is(((await res.json()) as { code: number }).code, 1);
  t.is(await server.app.services.captcha.load(id), null, 'form "1" consumed it');
});

test('clicks outside the boxes or in the wrong order fail and delete the captcha', async (t) => {
  const c = client();
  const { id, stored } = await c.fresh();
  const [a, b] = stored.targets as [CaptchaTarget, CaptchaTarget];
  // A point just outside the first box (left of it, or right when it touches the left edge).
  const outsideX = a.x > 0 ? a.x - 1 : a.x + a.width + 1;
  assertFailed(t, await c.check({ id, info: `${outsideX},${a.y}-${b.x + 1},${b.y + 1};350;200`, unset: false }));
  t.is(await server.app.services.captcha.load(id), null, 'deleted after a failure');
  assertFailed(t, await c.check({ id, info: info(stored.targets), unset: false }), 'zh-cn', 'the right clicks come too late');

  const second = await c.fresh();
  assertFailed(t, await c.check({ id: second.id, info: info([...second.stored.targets].reverse()), unset: false }));
});

test('the box edges count as inside (no tolerance beyond them)', async (t) => {
  const c = client();
  const { id, stored } = await c.fresh();
  const [a, b] = stored.targets as [CaptchaTarget, CaptchaTarget];
  t.is((await c.check({ id, info: `${a.x},${a.y}-${b.x + b.width},${b.y + b.height};350;200`, unset: false })).body.code, 1);
});

test('one click or three clicks fail', async (t) => {
  const c = client();
  const one = await c.fresh();
  const [a] = one.stored.targets as [CaptchaTarget];
  assertFailed(t, await c.check({ id: one.id, info: info([a]), unset: false }));
  const three = await c.fresh();
  assertFailed(t, await c.check({ id: three.id, info: info([...three.stored.targets, three.stored.targets[1]!]), unset: false }));
});

test('malformed info fails cleanly with code 0 and the server keeps serving', async (t) => {
  const c = client('en');
  const bad: unknown[] = ['abc', '1,2;3', '', 'x'.repeat(200_000), '-5,10-20,30;350;200', '5,-10-20,30;350;200', '1,2-3,4;0;200', '1,2-3,4;350;-200', ['1,2-3,4;350;200'], { x: 1 }, null, 12];
  for (const value of bad) {
    const { id } = await c.fresh();
    assertFailed(t, await c.check({ id, info: value, unset: false }), 'en', JSON.stringify(value).slice(0, 40));
  }
  const { id } = await c.fresh();
  assertFailed(t, await c.check({ id }), 'en');
  assertFailed(t, await c.check({ info: '1,2-3,4;350;200' }), 'en');
  const after = await c.fresh();
  t.is((await c.check({ id: after.id, info: info(after.stored.targets), unset: true })).body.code, 1, 'still serving');
});

test('clicks on an image shown at half or double size are scaled back', async (t) => {
  const c = client();
  for (const scale of [0.5, 2]) {
    const { id, stored } = await c.fresh();
    t.is((await c.check({ id, info: info(stored.targets, scale), unset: true })).body.code, 1, `scale ${scale}`);
  }
});

test('an expired captcha fails and is deleted', async (t) => {
  const c = client();
  const { id, stored } = await c.fresh();
  const updated = await server.app.knex('captcha').where({ captcha: JSON.stringify(stored) }).update({ expire_time: now() - 1 });
  t.is(updated, 1);
  assertFailed(t, await c.check({ id, info: info(stored.targets), unset: false }));
  t.deepEqual(await server.app.knex('captcha').where({ captcha: JSON.stringify(stored) }), [], 'row deleted');
});

test('an unknown id fails; drawing again for an id replaces its captcha', async (t) => {
  const c = client();
  assertFailed(t, await c.check({ id: randomUUID(), info: '1,2-3,4;350;200', unset: false }));
  const first = await c.fresh();
  const again = await c.get(first.id);
  t.is(again.body.code, 1);
  const stored = await server.app.services.captcha.load(first.id);
  t.deepEqual(stored!.targets.map((b) => b.label), again.body.data.text);
});

test('bad ids are refused in the caller\'s language', async (t) => {
  const zh = client('zh-cn');
  const en = client('en');
  for (const id of ['', 'a'.repeat(65), 'bad id', '../etc', 'ü', 'a;b']) {
    const res = await en.get(id);
    t.deepEqual([res.status, res.body.code, res.body.msg, res.body.data], [200, 0, 'Invalid captcha id', null], JSON.stringify(id));
  }
  t.is((await zh.get('bad id')).body.msg, '验证码标识无效');
  const missing = await api(server.url, '/api/common/clickCaptcha', { lang: 'en', headers: { 'x-forwarded-for': '10.8.8.8' } });
  t.is(missing.body.msg, 'Invalid captcha id');
  const array = await api(server.url, '/api/common/clickCaptcha?id[]=a&id[]=b', { lang: 'en', headers: { 'x-forwarded-for': '10.8.8.8' } });
  t.is(array.body.code, 0);
  t.is((await en.get('a'.repeat(64))).body.code, 1, '64 characters are fine');
});

test('messages follow the caller\'s language (header or ?lang=)', async (t) => {
  const en = client('en');
  const { id } = await en.fresh();
  assertFailed(t, await en.check({ id, info: 'abc' }), 'en');
  const zh = client('zh-cn');
  const second = await zh.fresh();
  assertFailed(t, await zh.check({ id: second.id, info: 'abc' }), 'zh-cn');
  const third = await zh.fresh();
  const res = await api<null>(server.url, '/api/common/checkClickCaptcha?lang=en', { lang: 'zh-cn', headers: { 'x-forwarded-for': '10.7.7.7' }, body: { id: third.id, info: 'abc' } });
  assertFailed(t, res, 'en');
});

test('clickCaptcha is rate limited per client', async (t) => {
  const c = client('en');
  for (let i = 0; i < 30; i++) t.is((await c.get(`rate-${i}`)).body.code, 1);
  const limited = await c.get('rate-over');
  t.is(limited.body.code, 0);
  t.regex(limited.body.msg, /Too many requests/);
  t.truthy(limited.headers.get('retry-after'));
  t.is((await client('en').get('other-client')).body.code, 1, 'other clients are not affected');
});
