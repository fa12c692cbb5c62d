import test from 'ava';
import { randomBytes } from 'node:crypto';
import { startServer, type TestServer } from '../helpers/server.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { sha1Signature, WechatCipher } from '../../src/server/services/wechat/crypto.ts';
import { buildXml, field, parseXml, type XmlFields } from '../../src/server/services/wechat/xml.ts';
import { serverT } from '../../src/server/i18n.ts';

// The official account: its settings (secrets write-only), the callback as WeChat calls it (signatures,
// replays, plain and safe mode, malformed input) answered by the auto-reply rules, and "test the callback".

const KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const APP_ID = 'wx2c2769f8efd9abc2';
const TOKEN = 'spamtest';
const ACCOUNT = 'gh_10f6c3c3ac5a';

let server: TestServer;
let root: AdminCall;
test.before(async () => {
  server = await startServer();
  root = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Answer {
  status: number;
  type: string;
  text: string;
}

/** Calls the callback as WeChat does: signed query, XML body. */
async function callback(method: 'GET' | 'POST', query: Record<string, string>, body?: string): Promise<Answer> {
  const res = await fetch(`${server.url}/api/wechat/callback?${new URLSearchParams(query)}`, { method, body, headers: body === undefined ? {} : { 'content-type': 'text/xml' } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

// A new nonce for every request: the callback refuses one it has accepted before (a replay).
let lastNonce = 1_000_000;
function signed(extra: Record<string, string> = {}, token = TOKEN, timestamp = String(nowSeconds())): Record<string, string> {
  const nonce = String(++lastNonce);
  return { signature: sha1Signature(token, timestamp, nonce), timestamp, nonce, openid: 'o-follower', ...extra };
}

const message = (fields: Record<string, string | number>) => buildXml({ ToUserName: ACCOUNT, FromUserName: 'o-follower', CreateTime: nowSeconds(), ...fields });
const text = (content: string) => message({ MsgType: 'text', Content: content, MsgId: '6054768590064713728' });
const follow = () => message({ MsgType: 'event', Event: 'subscribe' });

/** A plain-mode message and its parsed reply. */
async function ask(xml: string): Promise<XmlFields> {
  const res = await callback('POST', signed(), xml);
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const reply = parseXml(res.text);
  if (!reply) throw new Error(`no reply: ${res.text}`);
  return reply;
}

async function configure(values: Record<string, string>) {
  return root('/admin/wechat.Config/edit', { body: values });
}

async function addRule(fields: Record<string, unknown>): Promise<number> {
  const res = await root('/admin/wechat.AutoReply/add', { body: { status: '1', ...fields } });
  if (res.code !== 1) throw new Error(res.msg);
  return (await server.app.knex('wechat_auto_reply').orderBy('id', 'desc').first<{ id: number }>('id')).id;
}

async function addMaterial(fields: Record<string, unknown>): Promise<number> {
  const res = await root('/admin/wechat.Material/add', { body: fields });
  if (res.code !== 1) throw new Error(res.msg);
  return (await server.app.knex('wechat_material').orderBy('id', 'desc').first<{ id: number }>('id')).id;
}

test.serial('settings: checked, saved, secrets never sent back; the system config leaves them alone', async (t) => {
  const before = await callback('GET', { ...signed(), echostr: 'hello' });
  t.is(before.status, 403, 'no Token saved yet: nothing can be genuine');

  for (const [values, msg] of [
    [{ wechat_app_id: 'wx123' }, "An AppID is 'wx' followed by 16 hexadecimal characters"],
    [{ wechat_token: 'a!' }, 'The Token must be 3 to 32 letters and digits'],
    [{ wechat_encoding_aes_key: 'short' }, 'The EncodingAESKey must be 43 letters and digits'],
    [{ wechat_app_secret: 'nope' }, 'An AppSecret is 32 letters and digits'],
    [{ wechat_message_mode: 'safe' }, 'Compatible and safe mode need the AppID and the EncodingAESKey'],
    [{ wechat_message_mode: 'secret' }, /not valid/],
  ] as const) {
    const res = await configure(values);
    t.is(res.code, 0, JSON.stringify(values));
    if (typeof msg === 'string') t.is(res.msg, msg);
    else t.regex(res.msg, msg);
  }
  const secret = randomBytes(16).toString('hex');
  const saved = await configure({ wechat_app_id: APP_ID, wechat_app_secret: secret, wechat_token: TOKEN, wechat_encoding_aes_key: KEY, wechat_message_mode: 'plain' });
  t.is(saved.code, 1, saved.msg);
  t.is(saved.msg, 'Settings saved');

  const index = await root<{ items: { name: string; value: unknown; set: boolean }[]; callbackUrl: string }>('/admin/wechat.Config/index');
  t.is(index.data.callbackUrl, `${server.url}/api/wechat/callback`);
  const byName = Object.fromEntries(index.data.items.map((i) => [i.name, i]));
  t.like(byName.wechat_app_id, { value: APP_ID, set: true });
  for (const name of ['wechat_app_secret', 'wechat_token', 'wechat_encoding_aes_key']) t.like(byName[name], { value: '', set: true }, name);
  t.like(byName.wechat_message_mode, { value: 'plain' });
  const everything = JSON.stringify([index, await root('/admin/routine.Config/index'), await root('/admin/wechat.MiniProgram/index')]);
  for (const s of [secret, KEY, TOKEN]) t.false(everything.includes(s), 'no secret in any settings answer');

  // An empty secret keeps the saved one; the system config neither lists nor writes these items.
  t.is((await configure({ wechat_token: '' })).code, 1);
  t.is(await server.app.services.settings.get('wechat_token'), TOKEN);
  const sys = await root<{ list: Record<string, { list: { name: string }[] }> }>('/admin/routine.Config/index');
  t.false(JSON.stringify(sys.data.list).includes('wechat_'), 'not a system config tab');
  const viaSystem = await root('/admin/routine.Config/edit', { body: { wechat_token: 'hijacked' } });
  t.is(viaSystem.code, 0);
  t.is(await server.app.services.settings.get('wechat_token'), TOKEN);
  const logged = JSON.stringify(await server.app.knex('admin_log').select('data'));
  for (const s of [secret, KEY, TOKEN]) t.false(logged.includes(s), 'nor in the admin log');
  t.true(logged.includes(APP_ID), 'the AppID is no secret');
  const groups = JSON.parse(await server.app.services.settings.get('config_group')) as unknown[];
  t.is((await root('/admin/routine.Config/edit', { body: { config_group: groups } })).code, 1, 'config groups still save with these items outside them');
});

test.serial('GET: the URL check echoes echostr only for a fresh, correct signature', async (t) => {
  const ok = await callback('GET', { ...signed(), echostr: '4075181314397890557' });
  t.is(ok.status, 200);
  t.is(ok.text, '4075181314397890557');
  t.regex(ok.type, /^text\/plain/);
  const bad = await callback('GET', { ...signed({}, 'wrongtoken'), echostr: 'x' });
  t.deepEqual([bad.status, bad.text], [403, '']);
  const replay = await callback('GET', { ...signed({}, TOKEN, String(nowSeconds() - 301)), echostr: 'x' });
  t.deepEqual([replay.status, replay.text], [403, ''], 'older than five minutes');
  // A minute past the window, not a second: the request reaches the server a moment later than it was signed,
  // which moves a future time into the window (a loaded CI machine took a second).
  const future = await callback('GET', { ...signed({}, TOKEN, String(nowSeconds() + 360)), echostr: 'x' });
  t.is(future.status, 403, 'a minute past five minutes ahead');
  t.is((await callback('GET', { echostr: 'x' })).status, 403);
  t.is((await callback('GET', signed())).status, 400, 'no echostr');
});

test.serial('POST plain: the follow reply, keywords exact before contained, the default, and every reply type', async (t) => {
  const followReply = await ask(follow());
  t.is(field(followReply, 'MsgType'), 'text');
  t.is(field(followReply, 'Content'), serverT('zh-cn', 'wechat')('seed.followReply'), 'the seeded follow reply');
  t.is(field(followReply, 'ToUserName'), 'o-follower');
  t.is(field(followReply, 'FromUserName'), ACCOUNT);
  t.true(Math.abs(Number(field(followReply, 'CreateTime')) - nowSeconds()) < 5);

  t.is((await callback('POST', signed(), text('hello'))).text, 'success', 'no default rule yet: no reply');
  await addRule({ type: 'default', msg_type: 'text', reply_content: 'Thanks for writing to the canal!' });
  const cover = '/storage/wechat/cover.jpg';
  const news = await addMaterial({ title: 'Canal trails', type: 'news', description: 'The ten most beautiful walks', image: cover, content: 'https://canal.example.org/trail' });
  await addRule({ type: 'keyword', keyword: 'canal', match_mode: 'contains', msg_type: 'news', material_id: news, weigh: 100 });
  await addRule({ type: 'keyword', keyword: 'Grand Canal', match_mode: 'exact', msg_type: 'text', reply_content: 'Exactly the Grand Canal.', weigh: 1 });
  const off = await addRule({ type: 'keyword', keyword: 'secret', match_mode: 'exact', msg_type: 'text', reply_content: 'disabled rule' });
  await root('/admin/wechat.AutoReply/edit', { body: { id: off, status: '0' } });

  t.is(field(await ask(text('  grand canal ')), 'Content'), 'Exactly the Grand Canal.', 'exact (case and blanks aside) wins over a higher contains rule');
  const article = await ask(text('Tell me about the canal walks'));
  t.is(field(article, 'MsgType'), 'news');
  t.is(field(article, 'ArticleCount'), '1');
  t.deepEqual((article.Articles as { item: unknown }).item, { Title: 'Canal trails', Description: 'The ten most beautiful walks', PicUrl: `${server.url}${cover}`, Url: 'https://canal.example.org/trail' });
  t.is(field(await ask(text('secret')), 'Content'), 'Thanks for writing to the canal!', 'a disabled rule does not answer; the default does');
  t.is(field(await ask(message({ MsgType: 'image', PicUrl: 'http://x/y.jpg', MediaId: 'm1', MsgId: '1' })), 'Content'), 'Thanks for writing to the canal!', 'other messages get the default');
  t.is((await callback('POST', signed(), message({ MsgType: 'event', Event: 'unsubscribe' }))).text, 'success', 'other events get no reply');

  const image = await addMaterial({ title: 'Map', type: 'image', name: 'media-image-1' });
  const voice = await addMaterial({ title: 'Boat song', type: 'voice', name: 'media-voice-1' });
  const video = await addMaterial({ title: 'Locks at work', type: 'video', name: 'media-video-1', description: 'How a lock lifts a boat' });
  await addRule({ type: 'keyword', keyword: 'map', msg_type: 'image', material_id: image });
  await addRule({ type: 'keyword', keyword: 'song', msg_type: 'voice', material_id: voice });
  await addRule({ type: 'keyword', keyword: 'lock', msg_type: 'video', material_id: video });
  t.deepEqual((await ask(text('map'))).Image, { MediaId: 'media-image-1' });
  t.deepEqual((await ask(text('song'))).Voice, { MediaId: 'media-voice-1' });
  t.deepEqual((await ask(text('lock'))).Video, { MediaId: 'media-video-1', Title: 'Locks at work', Description: 'How a lock lifts a boat' });
});

test.serial('POST refused: bad signature, replay, malformed or oversized XML; the server keeps answering', async (t) => {
  const bad = await callback('POST', signed({}, 'wrongtoken'), follow());
  t.deepEqual([bad.status, bad.text], [403, '']);
  const tampered = signed();
  tampered.nonce = `${tampered.nonce}1`;
  t.is((await callback('POST', tampered, follow())).status, 403);
  const replay = await callback('POST', signed({}, TOKEN, String(nowSeconds() - 600)), follow());
  t.deepEqual([replay.status, replay.text], [403, '']);
  for (const junk of ['<xml><Content>unclosed', 'not xml', '', '<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY a "b">]><xml><Content>&a;</Content></xml>', '<rss><a>1</a></rss>']) {
    const res = await callback('POST', signed(), junk);
    t.deepEqual([res.status, res.text], [400, ''], JSON.stringify(junk));
  }
  const huge = await callback('POST', signed(), `<xml><Content>${'x'.repeat(70_000)}</Content></xml>`);
  t.is(huge.status, 413);
  t.is(field(await ask(follow()), 'MsgType'), 'text', 'still answering');
});

test.serial('a replay inside the five minutes is refused: the accepted signature is kept in the database until its window ends', async (t) => {
  const query = { ...signed(), echostr: '20261128' };
  t.is((await callback('GET', query)).text, '20261128');
  t.deepEqual(await callback('GET', query), { status: 403, type: 'text/plain; charset=utf-8', text: '' }, 'the same GET again');

  const post = signed();
  t.is((await callback('POST', post, follow())).status, 200);
  const again = await callback('POST', post, follow());
  t.deepEqual([again.status, again.text], [403, ''], 'the same POST again, even with the same body');
  const row = await server.app.knex('wechat_callback_nonce').where({ signature: post.signature }).first<{ expire_time: number | string }>();
  t.is(Number(row?.expire_time), Number(post.timestamp) + 300, 'kept exactly as long as the timestamp is accepted');
  t.is((await callback('POST', signed({}, TOKEN, post.timestamp), follow())).status, 200, 'another nonce of the same second is a new request');

  // A refused request (wrong signature) records nothing, so it cannot spend a genuine request's nonce.
  const forged: Record<string, string> = { ...signed(), signature: 'f'.repeat(40) };
  t.is((await callback('POST', forged, follow())).status, 403);
  t.is((await callback('POST', { ...forged, signature: sha1Signature(TOKEN, forged.timestamp!, forged.nonce!) }, follow())).status, 200);

  // Entries whose window has ended are swept when the next request is accepted.
  await server.app.knex('wechat_callback_nonce').insert({ signature: 'e'.repeat(40), expire_time: nowSeconds() - 1 });
  t.is((await callback('POST', signed(), follow())).status, 200);
  t.is(await server.app.knex('wechat_callback_nonce').where({ signature: 'e'.repeat(40) }).first(), undefined);
});

test.serial('safe mode: the reference message of WeChat sample code round-trips; plaintext and a wrong msg_signature are refused', async (t) => {
  t.is((await configure({ wechat_message_mode: 'safe' })).code, 1);
  // WeChat's Python sample: a text message 'abcdteT' encrypted for wx2c2769f8efd9abc2 with token 'spamtest'.
  const timestamp = '1409735669';
  const nonce = '1320562132';
  const sample =
    '<xml><ToUserName><![CDATA[gh_10f6c3c3ac5a]]></ToUserName><FromUserName><![CDATA[oyORnuP8q7ou2gfYjqLzSIWZf0rs]]></FromUserName><CreateTime>1409735668</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[abcdteT]]></Content><MsgId>6054768590064713728</MsgId><Encrypt><![CDATA[hyzAe4OzmOMbd6TvGdIOO6uBmdJoD0Fk53REIHvxYtJlE2B655HuD0m8KUePWB3+LrPXo87wzQ1QLvbeUgmBM4x6F8PGHQHFVAFmOD2LdJF9FrXpbUAh0B5GIItb52sn896wVsMSHGuPE328HnRGBcrS7C41IzDWyWNlZkyyXwon8T332jisa+h6tEDYsVticbSnyU8dKOIbgU6ux5VTjg3yt+WGzjlpKn6NPhRjpA912xMezR4kw6KWwMrCVKSVCZciVGCgavjIQ6X8tCOp3yZbGpy0VxpAe+77TszTfRd5RJSVO/HTnifJpXgCSUdUue1v6h0EIBYYI1BD1DlD+C0CR8e6OewpusjZ4uBl9FyJvnhvQl+q5rv1ixrcpCumEPo5MJSgM9ehVsNPfUM669WuMyVWQLCzpu9GhglF2PE=]]></Encrypt></xml>';
  const query = { signature: sha1Signature(TOKEN, timestamp, nonce), timestamp, nonce, encrypt_type: 'aes', msg_signature: '5d197aaffba7e9b25a30732f161a50dee96bd5fa' };
  // The sample is from 2014: the server's clock is set back to it for this one request (same process).
  const realNow = Date.now;
  let res: Answer;
  try {
    Date.now = () => 1409735669_000 + 30_000;
    res = await callback('POST', query, sample);
  } finally {
    Date.now = realNow;
  }
  t.is(res.status, 200, res.text);
  const outer = parseXml(res.text)!;
  t.deepEqual(Object.keys(outer).sort(), ['Encrypt', 'MsgSignature', 'Nonce', 'TimeStamp'], 'nothing in the clear');
  t.is(field(outer, 'MsgSignature'), sha1Signature(TOKEN, field(outer, 'TimeStamp'), field(outer, 'Nonce'), field(outer, 'Encrypt')));
  const reply = parseXml(new WechatCipher(KEY, APP_ID).decrypt(field(outer, 'Encrypt')))!;
  t.like(reply, { ToUserName: 'oyORnuP8q7ou2gfYjqLzSIWZf0rs', FromUserName: 'gh_10f6c3c3ac5a', MsgType: 'text', Content: 'Thanks for writing to the canal!' });

  // A fresh follow event, encrypted as WeChat would.
  const cipher = new WechatCipher(KEY, APP_ID);
  const encrypt = cipher.encrypt(follow());
  const fresh = signed({ encrypt_type: 'aes' });
  const good = await callback('POST', { ...fresh, msg_signature: sha1Signature(TOKEN, fresh.timestamp!, fresh.nonce!, encrypt) }, buildXml({ ToUserName: ACCOUNT, Encrypt: encrypt }));
  t.is(good.status, 200);
  t.is(field(parseXml(cipher.decrypt(field(parseXml(good.text)!, 'Encrypt')))!, 'Content'), serverT('zh-cn', 'wechat')('seed.followReply'));

  const wrongSig = await callback('POST', { ...signed({ encrypt_type: 'aes' }), msg_signature: 'a'.repeat(40) }, buildXml({ ToUserName: ACCOUNT, Encrypt: encrypt }));
  t.deepEqual([wrongSig.status, wrongSig.text], [403, '']);
  const plain = await callback('POST', signed(), follow());
  t.deepEqual([plain.status, plain.text], [400, ''], 'safe mode takes no plaintext');
  const foreign = new WechatCipher(KEY, 'wx0000000000000000').encrypt(follow());
  const q = signed({ encrypt_type: 'aes' });
  const other = await callback('POST', { ...q, msg_signature: sha1Signature(TOKEN, q.timestamp!, q.nonce!, foreign) }, buildXml({ ToUserName: ACCOUNT, Encrypt: foreign }));
  t.deepEqual([other.status, other.text], [400, ''], 'a message for another AppID is not read');
});

test.serial('"test the callback" signs a follow event with the saved settings and shows the reply, in each mode', async (t) => {
  type Probe = { ok: boolean; mode: string; encrypted: boolean; status: number; reply: Record<string, string> | null; error: string | null; sent: string };
  const safe = await root<Probe>('/admin/wechat.Config/test', { body: { kind: 'follow' } });
  t.is(safe.code, 1, safe.msg);
  t.like(safe.data, { ok: true, mode: 'safe', encrypted: true, status: 200, error: null });
  t.is(safe.data.reply?.Content, serverT('zh-cn', 'wechat')('seed.followReply'));
  t.regex(safe.data.sent, /<Event><!\[CDATA\[subscribe\]\]><\/Event>/);

  await configure({ wechat_message_mode: 'plain' });
  const words = await root<Probe>('/admin/wechat.Config/test', { body: { kind: 'text', content: 'grand canal' } });
  t.like(words.data, { ok: true, mode: 'plain', encrypted: false });
  t.is(words.data.reply?.Content, 'Exactly the Grand Canal.');
  t.is((await root('/admin/wechat.Config/test', { body: { kind: 'text', content: ' ' } })).msg, 'Please enter the text to send');

  // With every rule off, the callback answers but has nothing to say: shown as such.
  await server.app.knex('wechat_auto_reply').update({ status: '0' });
  const silent = await root<Probe>('/admin/wechat.Config/test', { body: { kind: 'follow' } });
  t.like(silent.data, { ok: true, reply: null });
  t.regex(silent.data.error ?? '', /no auto-reply answers it/);
  await server.app.knex('wechat_auto_reply').update({ status: '1' });
});

test.serial('auto-reply and material checks keep every rule answerable', async (t) => {
  t.is((await root('/admin/wechat.AutoReply/add', { body: { type: 'keyword', keyword: ' ', msg_type: 'text', reply_content: 'x' } })).msg, 'A keyword reply needs its keyword');
  t.is((await root('/admin/wechat.AutoReply/add', { body: { type: 'default', msg_type: 'text', reply_content: '' } })).msg, 'A text reply needs its text');
  t.is((await root('/admin/wechat.AutoReply/add', { body: { type: 'follow', msg_type: 'news' } })).msg, 'This reply type needs a material');
  const image = (await server.app.knex('wechat_material').where({ type: 'image' }).first<{ id: number }>('id')).id;
  t.is((await root('/admin/wechat.AutoReply/add', { body: { type: 'follow', msg_type: 'news', material_id: image } })).msg, "The material's type does not match the reply type");
  t.is((await root('/admin/wechat.AutoReply/add', { body: { type: 'follow', msg_type: 'news', material_id: 9999 } })).msg, 'The chosen material does not exist');
  t.is((await root('/admin/wechat.Material/add', { body: { title: 'Clip', type: 'video' } })).msg, 'Image, voice and video materials need their WeChat media_id');
  t.is((await root(`/admin/wechat.Material/del?ids[]=${image}`, { method: 'DELETE' })).msg, 'Auto-replies use this material: it cannot be deleted or change type');
  t.is((await root('/admin/wechat.Material/edit', { body: { id: image, type: 'voice' } })).msg, 'Auto-replies use this material: it cannot be deleted or change type');

  const rule = await addRule({ type: 'keyword', keyword: 'old', msg_type: 'text', reply_content: 'x' });
  t.is((await root('/admin/wechat.AutoReply/edit', { body: { id: rule, type: 'follow' } })).code, 1);
  t.like(await server.app.knex('wechat_auto_reply').where({ id: rule }).first(), { type: 'follow', keyword: '' }, 'a follow rule keeps no keyword');
});
