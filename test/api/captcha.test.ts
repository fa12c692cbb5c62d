import test from 'ava';
import { randomInt, randomUUID } from 'node:crypto';
import { api, startServer, type ApiResult, type TestServer } from '../helpers/server.ts';
import { HIT_TOLERANCE, type CaptchaTarget, type StoredCaptcha } from '../../src/server/services/captcha.ts';
import { now } from '../../src/server/services/clock.ts';


interface CaptchaData {
  id: string;
  text: string[];
  base64: string;
  width: number;
  height: number;
}

const FAILED = { 'zh-cn': '未点中正确区域，请重试！', en: 'That is not the right spot; please try again.' } as const;
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

test('clickCaptcha (zh-cn) answers a real PNG and three Chinese targets; stores them in click order and the four decoys', async (t) => {
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

  t.is(data.text.length, 3);
  for (const label of data.text) t.regex(label, /^\p{Script=Han}$/u);

  const stored = await server.app.services.captcha.load(id);
  t.truthy(stored);
  t.is(stored!.targets.length, 3);
  t.deepEqual(stored!.targets.map((b) => b.label), data.text, 'stored in click order');
  t.is(stored!.decoys.length, 4);
  t.false(stored!.decoys.some((d) => data.text.includes(d.label)), 'no decoy is a target');
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
    t.is(data.text.length, 3);
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
  const [a, ...rest] = stored.targets as [CaptchaTarget, ...CaptchaTarget[]];
  // A point just beyond the tolerance left of the first box (right of it when that is off the image).
  const outsideX = a.x - HIT_TOLERANCE - 1 >= 0 ? a.x - HIT_TOLERANCE - 1 : a.x + a.width + HIT_TOLERANCE + 1;
  const points = info(rest).split(';')[0];
  assertFailed(t, await c.check({ id, info: `${outsideX},${a.y}-${points};350;200`, unset: false }));
  t.is(await server.app.services.captcha.load(id), null, 'deleted after a failure');
  assertFailed(t, await c.check({ id, info: info(stored.targets), unset: false }), 'zh-cn', 'the right clicks come too late');

  const second = await c.fresh();
  const [x, y, z] = second.stored.targets as [CaptchaTarget, CaptchaTarget, CaptchaTarget];
  assertFailed(t, await c.check({ id: second.id, info: info([x, z, y]), unset: false }));
  const third = await c.fresh();
  assertFailed(t, await c.check({ id: third.id, info: info([third.stored.decoys[0]!, ...third.stored.targets.slice(1)]), unset: false }), 'zh-cn', 'a decoy for a target');
});

test('a click up to HIT_TOLERANCE pixels beside the ink counts, whatever the glyph size; one pixel further does not', async (t) => {
  const c = client();
  const { id, stored } = await c.fresh();
  const [a, b, d] = stored.targets as [CaptchaTarget, CaptchaTarget, CaptchaTarget];
  const near = `${a.x - HIT_TOLERANCE},${a.y - HIT_TOLERANCE}-${b.x + b.width + HIT_TOLERANCE},${b.y + b.height + HIT_TOLERANCE}-${d.x},${d.y + d.height}`;
  t.is((await c.check({ id, info: `${near};350;200`, unset: false })).body.code, 1);
  const second = await c.fresh();
  const [e, f, g] = second.stored.targets as [CaptchaTarget, CaptchaTarget, CaptchaTarget];
  const beyond = `${e.x + e.width / 2},${e.y + e.height / 2}-${f.x + f.width + HIT_TOLERANCE + 1},${f.y}-${g.x},${g.y}`;
  assertFailed(t, await c.check({ id: second.id, info: `${beyond};350;200`, unset: false }));
});

test('two clicks or four clicks fail', async (t) => {
  const c = client();
  const two = await c.fresh();
  assertFailed(t, await c.check({ id: two.id, info: info(two.stored.targets.slice(0, 2)), unset: false }));
  const four = await c.fresh();
  assertFailed(t, await c.check({ id: four.id, info: info([...four.stored.targets, four.stored.targets[2]!]), unset: false }));
});

/** P(X > bound) for X ~ Binomial(n, p), summed from the top so that tiny terms keep their precision. */
function binomialTail(n: number, p: number, bound: number): number {
  let logChoose = 0;
  const terms: number[] = [];
  for (let k = 0; k <= n; k++) {
    if (k > 0) logChoose += Math.log(n - k + 1) - Math.log(k);
    terms.push(Math.exp(logChoose + k * Math.log(p) + (n - k) * Math.log1p(-p)));
  }
  return terms.slice(bound + 1).reduceRight((sum, term) => sum + term, 0);
}

/** Fisher-Yates with a cryptographic source, as a bot would shuffle. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const BOT_TRIES = 300;
/** The bot's passes may exceed the bound by chance at most this often: the test does not flake. */
const FLAKE_CHANCE = 1e-6;

test('a bot that knows where every glyph is, but not which is which, passes about one time in 210', async (t) => {
  // The worst case: a perfect glyph finder (it reads every box from the stored answer), clicking three of the
  // seven glyphs in a random order. Its chance per captcha is exactly 1 / (7 x 6 x 5) = 1/210 (0.48 %).
  let passes = 0;
  const glyphCounts = new Set<string>();
  const tryOnce = async (i: number) => {
    const c = client(i % 2 ? 'en' : 'zh-cn');
    const { id, stored } = await c.fresh();
    glyphCounts.add(`${stored.targets.length} of ${stored.targets.length + stored.decoys.length}`);
    const guess = shuffled([...stored.targets, ...stored.decoys]).slice(0, stored.targets.length);
    if ((await c.check({ id, info: info(guess), unset: true })).body.code === 1) passes++;
  };
  // Two at a time: the images are drawn on the server's two cores.
  for (let i = 0; i < BOT_TRIES; i += 2) await Promise.all([tryOnce(i), tryOnce(i + 1)]);

  const chance = 1 / (7 * 6 * 5);
  let bound = 0;
  while (binomialTail(BOT_TRIES, chance, bound) > FLAKE_CHANCE) bound++;
  t.log(`guessed passes: ${passes} / ${BOT_TRIES} (${((100 * passes) / BOT_TRIES).toFixed(2)} %); exact chance 1/210 = ${(100 * chance).toFixed(3)} %, expected ${(BOT_TRIES * chance).toFixed(1)}; allowed at most ${bound} (exceeded by chance with probability ${binomialTail(BOT_TRIES, chance, bound).toExponential(1)})`);
  t.true(passes <= bound, `${passes} guessed passes in ${BOT_TRIES}`);
  t.deepEqual([...glyphCounts], ['3 of 7'], 'every captcha asks for three of seven glyphs');
  // With the reference's two targets among four glyphs (1/12) the bot passes about 25 times: at most the
  // bound in fewer than one run in 2 500 (0.04 %).
  t.true(1 - binomialTail(BOT_TRIES, 1 / 12, bound) < 0.0004, 'the bound tells 1/210 from 1/12');
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
    t.deepEqual([res.status, res.body.code, res.body.msg, res.body.data], [200, 0, 'This captcha is unknown or has expired; please load a new one', null], JSON.stringify(id));
  }
  t.is((await zh.get('bad id')).body.msg, '验证码标识无效');
  const missing = await api(server.url, '/api/common/clickCaptcha', { lang: 'en', headers: { 'x-forwarded-for': '10.8.8.8' } });
  t.is(missing.body.msg, 'This captcha is unknown or has expired; please load a new one');
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
