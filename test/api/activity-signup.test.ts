import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';
import { setConfig, startGateway, startInbox, useInbox, type Inbox } from '../helpers/standIns.ts';
import type { MemberSignup, SignupAnswer, SignupStatus } from '../../src/shared/activity.ts';

// Members sign up for brand activities (issue 27): places and the fee through the money ledger, the waitlist,
// cancelling with a refund and a promotion in one transaction, check-in by code with points, the member's list
// with QR codes, and the notices (inbox, e-mail or SMS, the day-before reminder). Runs on SQLite and PostgreSQL.

let server: TestServer;
let root: AdminCall;
let inbox: Inbox;
let gateway: Awaited<ReturnType<typeof startGateway>>;

test.before(async () => {
  server = await startServer();
  root = asAdmin(server, await superToken(server));
  [inbox, gateway] = await Promise.all([startInbox(false), startGateway()]);
  await useInbox(server, inbox);
  await setConfig(server, { sms_driver: 'webhook', sms_webhook_url: gateway.url, sms_webhook_secret: 'hook-secret' });
});
test.after.always(async () => {
  await server?.stop();
  await inbox?.close();
  await gateway?.close();
});

const HOUR = 3600;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
let titles = 0;

/** A published activity taking sign-ups (fee in cents, as stored); fields override. */
async function activity(fields: Record<string, unknown> = {}): Promise<{ id: number; title: string }> {
  const time = now();
  const title = `运河研学营 ${++titles}`;
  const [row] = await server.app
    .knex('brand_activity')
    .insert({
      title,
      title_en: `Canal study camp ${titles}`,
      summary: '',
      content: '',
      place: '扬州',
      place_en: 'Yangzhou',
      start_time: time + 10 * DAY,
      end_time: time + 10 * DAY + 8 * HOUR,
      activity_status: 'upcoming',
      capacity: 0,
      fee: 0,
      signup_start: time - DAY,
      signup_end: time + 9 * DAY,
      cancel_end: time + 8 * DAY,
      weigh: 0,
      status: '1',
      create_time: time,
      update_time: time,
      ...fields,
    })
    .returning('id');
  return { id: (row as { id: number }).id, title };
}

interface Member {
  id: number;
  token: string;
}

async function member(cents = 0, fields: { email?: string; mobile?: string } = {}): Promise<Member> {
  const m = await createMember(server, fields);
  if (cents) await server.app.knex('user').where({ id: m.id }).update({ money: cents });
  return { id: m.id, token: await memberToken(server, m.id) };
}

const as = (m: Member | null): Record<string, string> => (m ? { 'ba-user-token': m.token } : {});
const signup = (m: Member | null, id: unknown, lang = 'en') => api<SignupAnswer>(server.url, '/api/activity/signup', { body: { id }, headers: as(m), lang });
const cancel = (m: Member, id: number, lang = 'en') => api<SignupAnswer>(server.url, '/api/activity/cancel', { body: { id }, headers: as(m), lang });
const status = (m: Member | null, id: number) => api<SignupStatus>(server.url, `/api/activity/status?id=${id}`, { headers: as(m), lang: 'en' });
const mine = (m: Member) => api<{ list: MemberSignup[]; total: number }>(server.url, '/api/account/activities', { headers: as(m), lang: 'en' });
const money = async (m: Member) => Number((await server.app.knex('user').where({ id: m.id }).first<{ money: number }>('money')).money);
const score = async (m: Member) => Number((await server.app.knex('user').where({ id: m.id }).first<{ score: number }>('score')).score);
const signups = (id: number) => server.app.knex('activity_signup').where({ resource: 'content/activity', row_id: id }).orderBy('id');
const messages = (m: Member) => server.app.knex('user_message').where({ user_id: m.id }).orderBy('id').select<{ title: string; title_en: string; content_en: string }[]>('title', 'title_en', 'content_en');
const moneyLines = (m: Member) => server.app.knex('user_money_log').where({ user_id: m.id }).orderBy('id').select<{ money: number; memo: string; memo_en: string }[]>('money', 'memo', 'memo_en');

test.serial('a guest sees the places and the deadlines but must log in to sign up', async (t) => {
  const a = await activity({ capacity: 20, fee: 1550 });
  const live = await status(null, a.id);
  t.is(live.body.code, 1, live.body.msg);
  t.like(live.body.data, { id: a.id, capacity: 20, taken: 0, left: 20, waitlist: 0, fee: '15.50', window: 'open', member: false, mine: null });
  const guest = await signup(null, a.id);
  t.is(guest.body.code, 303);
  t.deepEqual(guest.body.data, { type: 'need login' });
});

test.serial('a free place: confirmed once, with a check-in code and a message; a second sign-up changes nothing', async (t) => {
  const a = await activity({ capacity: 5 });
  const m = await member();
  const first = await signup(m, a.id);
  t.is(first.body.code, 1, first.body.msg);
  t.is(first.body.msg, 'You have a place at this activity');
  t.is(first.body.data.status, 'confirmed');
  t.regex(first.body.data.code, /^[A-HJ-NP-Z2-9]{10}$/);
  const again = await signup(m, a.id);
  t.is(again.body.code, 0);
  t.is(again.body.msg, 'You already have a place at this activity');
  t.is((await signups(a.id)).length, 1);
  const zh = await signup(m, a.id, 'zh-cn');
  t.is(zh.body.msg, '您已报名该活动');
  t.like((await status(m, a.id)).body.data, { taken: 1, left: 4, mine: { status: 'confirmed', code: first.body.data.code } });
  const inboxMessages = await messages(m);
  t.is(inboxMessages.length, 1);
  t.is(inboxMessages[0]!.title, '活动报名成功');
  t.regex(inboxMessages[0]!.content_en, new RegExp(`Your check-in code is ${first.body.data.code}`));
});

test.serial('a fee is charged once through the ledger, named after the activity; too low a balance is refused and changes nothing', async (t) => {
  const a = await activity({ fee: 2550 });
  const poor = await member(2000);
  const refused = await signup(poor, a.id);
  t.is(refused.body.code, 0);
  t.is(refused.body.msg, 'Your balance of ¥20.00 does not cover the fee of ¥25.50; please top up first');
  t.is(await money(poor), 2000);
  t.is((await signups(a.id)).length, 0);
  t.deepEqual(await moneyLines(poor), []);
  const rich = await member(10_000);
  t.is((await signup(rich, a.id)).body.code, 1);
  t.is(await money(rich), 7450);
  t.deepEqual(await moneyLines(rich), [{ money: -2550, memo: `活动报名：${a.title}`, memo_en: `Activity fee: Canal study camp ${titles}` }]);
  t.is((await signups(a.id))[0]!.fee, 2550);
});

test.serial('sign-ups are refused outside their window: not yet open, closed, started, not taking any, a draft, a bad id', async (t) => {
  const m = await member();
  const time = now();
  const cases: [Record<string, unknown>, string][] = [
    [{ signup_start: time + DAY }, 'Sign-ups have not opened yet'],
    [{ signup_start: time - 2 * DAY, signup_end: time - DAY }, 'Sign-ups for this activity have closed'],
    [{ start_time: time - HOUR, signup_start: time - 3 * DAY, signup_end: time - 2 * HOUR, cancel_end: null }, 'This activity has already started'],
    [{ signup_end: null }, 'This activity does not take sign-ups'],
    [{ status: '0' }, 'This activity does not exist or is not public'],
  ];
  for (const [fields, message] of cases) {
    const a = await activity(fields);
    const res = await signup(m, a.id);
    t.is(res.body.code, 0, message);
    t.is(res.body.msg, message);
    t.is((await signups(a.id)).length, 0, message);
  }
  for (const id of ['abc', -3, 0, 1.5, 99999999999, { $gt: 1 }]) {
    const res = await signup(m, id);
    t.is(res.status, 200);
    t.is(res.body.code, 0, JSON.stringify(id));
    t.is(res.body.msg, 'Please choose an activity to sign up for', JSON.stringify(id));
  }
  t.is((await signup(m, 987654)).body.msg, 'This activity does not exist or is not public');
});

test.serial('when the places are taken members join the waitlist unpaid; a cancellation refunds and promotes the first in line who can pay', async (t) => {
  const a = await activity({ capacity: 1, fee: 1000 });
  const [first, broke, second] = [await member(5000), await member(0), await member(5000)];
  t.is((await signup(first, a.id)).body.data.status, 'confirmed');
  const waiting = await signup(broke, a.id);
  t.is(waiting.body.data.status, 'waitlisted');
  t.is(waiting.body.msg, 'All places are taken, so you are on the waitlist');
  t.is((await signup(second, a.id)).body.data.status, 'waitlisted');
  t.is(await money(second), 5000, 'nothing charged on the waitlist');
  t.like((await status(null, a.id)).body.data, { taken: 1, left: 0, waitlist: 2 });

  const gone = await cancel(first, a.id);
  t.is(gone.body.code, 1, gone.body.msg);
  t.is(gone.body.msg, 'Your sign-up has been cancelled');
  t.is(await money(first), 5000, 'refunded');
  t.deepEqual((await moneyLines(first)).map((l) => l.money), [-1000, 1000]);
  const rows = await signups(a.id);
  t.deepEqual(
    rows.map((r: { user_id: number; status: string; fee: number }) => [r.user_id, r.status, r.fee]),
    [
      [first.id, 'cancelled', 1000],
      [broke.id, 'waitlisted', 0],
      [second.id, 'confirmed', 1000],
    ],
  );
  t.is(await money(second), 4000, 'the promoted member paid');
  t.is((await messages(second)).at(-1)!.title_en, 'A place came free for you');
  t.is((await messages(broke)).at(-1)!.title_en, 'Your balance was too low for a free place');
  t.like((await status(null, a.id)).body.data, { taken: 1, left: 0, waitlist: 1 });
});

test.serial('a place cannot be given up after the cancellation deadline; a waitlist place can until the start', async (t) => {
  const time = now();
  const a = await activity({ capacity: 1, cancel_end: time - HOUR, signup_start: time - 2 * DAY });
  const [holder, waiting, stranger] = [await member(), await member(), await member()];
  await signup(holder, a.id);
  await signup(waiting, a.id);
  const late = await cancel(holder, a.id);
  t.is(late.body.code, 0);
  t.is(late.body.msg, 'The cancellation deadline has passed, so this place can no longer be given up');
  t.is((await cancel(waiting, a.id)).body.code, 1);
  t.is((await cancel(stranger, a.id)).body.msg, 'You have not signed up for this activity');
  t.is((await cancel(waiting, a.id)).body.msg, 'You have not signed up for this activity', 'twice');
  t.like((await status(holder, a.id)).body.data, { taken: 1, waitlist: 0, mine: { status: 'confirmed' } });
  t.is((await signup(waiting, a.id)).body.data.status, 'waitlisted', 'a member who left may sign up again');
});

test.serial('forty members racing for three places: three confirmed and charged once each, the rest waitlisted, never over-filled', async (t) => {
  const a = await activity({ capacity: 3, fee: 500 });
  const racers = await Promise.all(Array.from({ length: 40 }, () => member(1000)));
  const answers = await Promise.all(racers.map((m) => signup(m, a.id)));
  t.true(answers.every((r) => r.status === 200 && r.body.code === 1), answers.map((r) => r.body.msg).join('; '));
  t.is(answers.filter((r) => r.body.data.status === 'confirmed').length, 3);
  const rows = await signups(a.id);
  t.is(rows.filter((r: { status: string }) => r.status === 'confirmed').length, 3);
  t.is(rows.filter((r: { status: string }) => r.status === 'waitlisted').length, 37);
  const balances = await Promise.all(racers.map(money));
  t.is(balances.filter((b) => b === 500).length, 3);
  t.is(balances.filter((b) => b === 1000).length, 37);
  // One member pressing the button many times at once gets one sign-up.
  const eager = await member(1000);
  const presses = await Promise.all(Array.from({ length: 8 }, () => signup(eager, a.id)));
  t.is(presses.filter((r) => r.body.code === 1).length, 1);
  t.true(presses.every((r) => r.status === 200));
  t.is((await server.app.knex('activity_signup').where({ user_id: eager.id })).length, 1);
  // Many cancelling at once each free one place, filled from the line in order.
  const confirmed = racers.filter((_, i) => answers[i]!.body.data.status === 'confirmed');
  await Promise.all(confirmed.map((m) => cancel(m, a.id)));
  const after = await signups(a.id);
  t.is(after.filter((r: { status: string }) => r.status === 'confirmed').length, 3);
  t.is(Number((await server.app.knex('user_money_log').whereIn('user_id', [...racers, eager].map((m) => m.id)).sum({ s: 'money' }))[0]!.s), -1500);
});

test.serial('the member centre lists the sign-ups with their codes, a QR image for places and what may still be cancelled', async (t) => {
  const a = await activity({ capacity: 1, title_en: 'Lock gate open day' });
  const [holder, waiting] = [await member(), await member()];
  const code = (await signup(holder, a.id)).body.data.code;
  await signup(waiting, a.id);
  const list = await mine(holder);
  t.is(list.body.code, 1, list.body.msg);
  t.is(list.body.data.total, 1);
  const row = list.body.data.list[0]!;
  t.like(row, { rowId: a.id, title: 'Lock gate open day', url: `/brand/info?id=${a.id}`, status: 'confirmed', code, cancellable: true, checkinTime: null });
  t.regex(row.qr, /^data:image\/svg\+xml;base64,/);
  t.regex(Buffer.from(row.qr.split(',')[1]!, 'base64').toString(), /^<svg/);
  const theirs = (await mine(waiting)).body.data.list[0]!;
  t.is(theirs.status, 'waitlisted');
  t.is(theirs.qr, '', 'no QR image without a place');
  const guest = await api(server.url, '/api/account/activities');
  t.is(guest.body.code, 303);
});

test.serial('staff check a member in once by the code (typed with spaces or dashes too) and the points go through the score ledger', async (t) => {
  await setConfig(server, { activity_checkin_score: '15' });
  const a = await activity({ capacity: 1 });
  const [holder, waiting] = [await member(), await member()];
  const code = (await signup(holder, a.id)).body.data.code;
  const waitCode = (await signup(waiting, a.id)).body.data.code;
  const typed = `${code.slice(0, 5).toLowerCase()}-${code.slice(5)} `;
  const done = await root<{ title: string; member: string; points: number }>('/admin/content.ActivitySignup/checkIn', { body: { code: typed } });
  t.is(done.code, 1, done.msg);
  t.like(done.data, { points: 15 });
  t.regex(done.msg, /is checked in for Canal study camp/);
  t.is(await score(holder), 15);
  const scoreLine = await server.app.knex('user_score_log').where({ user_id: holder.id }).first<{ score: number; memo_en: string }>('score', 'memo_en');
  t.deepEqual({ ...scoreLine }, { score: 15, memo_en: `Attended: Canal study camp ${titles}` });
  const twice = await root('/admin/content.ActivitySignup/checkIn', { body: { code } });
  t.is(twice.code, 0);
  t.regex(twice.msg, /已经签到|already checked in/);
  t.is(await score(holder), 15);
  for (const [body, message] of [
    [{ code: waitCode }, /候补名单|waitlist/],
    [{ code: 'ABCDEFGHJK' }, /没有与该签到码|No sign-up/],
    [{ code: 'x' }, /10 位|10 letters/],
    [{ code: { a: 1 } }, /10 位|10 letters/],
    [{}, /10 位|10 letters/],
  ] as const) {
    const res = await root('/admin/content.ActivitySignup/checkIn', { body });
    t.is(res.code, 0, JSON.stringify(body));
    t.regex(res.msg, message, JSON.stringify(body));
  }
  const row = (await signups(a.id))[0] as { checkin_time: number | null; checkin_admin_id: number };
  t.truthy(row.checkin_time);
  t.true(row.checkin_admin_id > 0);
  t.truthy((await mine(holder)).body.data.list[0]!.checkinTime);
});

test.serial('the roster is a resource: filtered by activity and status, guarded by its rules; staff may cancel a sign-up for a member', async (t) => {
  const a = await activity({ capacity: 1, fee: 300 });
  const [holder, waiting] = [await member(1000), await member(1000)];
  await signup(holder, a.id);
  await signup(waiting, a.id);
  const roster = await root<{ list: { user_id: number; status: string; fee: number; title: string; user: { nickname: string } }[]; total: number }>(
    `/admin/content.ActivitySignup/index?search[0][field]=row_id&search[0][val]=${a.id}&search[0][operator]=eq&limit=10`,
  );
  t.is(roster.code, 1, roster.msg);
  t.is(roster.data.total, 2);
  t.deepEqual(roster.data.list.map((r) => [r.user_id, r.status, r.fee]).sort(), [
    [holder.id, 'confirmed', 3],
    [waiting.id, 'waitlisted', 0],
  ].sort());
  t.truthy(roster.data.list[0]!.user.nickname);
  const holderRow = (await signups(a.id)).find((r: { user_id: number }) => r.user_id === holder.id) as { id: number };
  const cancelled = await root('/admin/content.ActivitySignup/cancel', { body: { id: holderRow.id } });
  t.is(cancelled.code, 1, cancelled.msg);
  t.is(await money(holder), 1000);
  t.is(await money(waiting), 700, 'the next in line was promoted and charged');

  const [viewRule] = await ruleIds(server, ['content/activitySignup/index']);
  const viewer = await createAdmin(server, [await createGroup(server, [viewRule!])]);
  const asViewer = asAdmin(server, viewer.token);
  t.is((await asViewer('/admin/content.ActivitySignup/index')).code, 1);
  for (const path of ['/admin/content.ActivitySignup/checkIn', '/admin/content.ActivitySignup/cancel']) {
    t.is((await asViewer(path, { body: { code: 'ABCDEFGHJK', id: holderRow.id } })).code, 401, path);
  }
  for (const path of ['/admin/content.ActivitySignup/add', '/admin/content.ActivitySignup/edit', '/admin/content.ActivitySignup/del']) {
    t.is((await root(path, { method: 'POST', body: { id: holderRow.id } })).code, 0, path);
  }
});

test.serial('staff edits: sign-up dates are checked, more places promote the waitlist, an activity with sign-ups is not deleted', async (t) => {
  const a = await activity({ capacity: 1 });
  const [holder, waiting] = [await member(), await member(5000)];
  await signup(holder, a.id);
  await signup(waiting, a.id);
  const form = (await root<{ row: Record<string, unknown> }>(`/admin/content.Activity/edit?id=${a.id}`)).data.row;
  t.is(form.fee, 0);
  const start = Number(form.start_time);
  const tooLate = await root('/admin/content.Activity/edit', { body: { ...form, signup_end: start + HOUR } });
  t.is(tooLate.code, 0);
  t.regex(tooLate.msg, /报名截止时间不能晚于活动开始时间|close by the time/);
  const more = await root('/admin/content.Activity/edit', { body: { ...form, capacity: 2, fee: '12.5', title: '运河研学营（扩招）' } });
  t.is(more.code, 1, more.msg);
  const row = await server.app.knex('brand_activity').where({ id: a.id }).first<{ fee: number; capacity: number }>('fee', 'capacity');
  t.deepEqual({ ...row }, { fee: 1250, capacity: 2 }, 'the fee is entered in yuan and kept in cents');
  t.is((await root<{ row: { fee: number } }>(`/admin/content.Activity/edit?id=${a.id}`)).data.row.fee, 12.5);
  const rows = await signups(a.id);
  t.deepEqual(rows.map((r: { status: string; title: string }) => [r.status, r.title]), [
    ['confirmed', '运河研学营（扩招）'],
    ['confirmed', '运河研学营（扩招）'],
  ]);
  t.is((await messages(waiting)).at(-1)!.title_en, 'A place came free for you');
  t.is(await money(waiting), 3750, 'promoted at the new fee');
  const del = await root('/admin/content.Activity/del', { method: 'DELETE', body: { ids: [a.id] } });
  t.is(del.code, 0);
  t.regex(del.msg, /2/);
  t.truthy(await server.app.knex('brand_activity').where({ id: a.id }).first());
});

test.serial('confirmations and promotions go out by e-mail where the member has an address, else by SMS, and the reminder once the day before', async (t) => {
  const a = await activity({ capacity: 1, start_time: now() + 20 * HOUR, end_time: now() + 22 * HOUR, signup_end: now() + 10 * HOUR, cancel_end: now() + 10 * HOUR });
  const mailed = await member(0, { email: 'reader@canal.example.org' });
  const texted = await member(0, { mobile: '13800138000' });
  const mailsBefore = inbox.messages.length;
  const hooksBefore = gateway.hooks.length;
  const code = (await signup(mailed, a.id)).body.data.code;
  await signup(texted, a.id);
  await cancel(mailed, a.id);
  await waitFor(() => inbox.messages.length > mailsBefore && gateway.hooks.length > hooksBefore);
  const mail = inbox.messages[mailsBefore]!.mail;
  t.is(mail.subject, '活动报名成功 / You have a place');
  t.regex(mail.text ?? '', new RegExp(code));
  const promoted = gateway.hooks[hooksBefore]!.body;
  t.like(promoted, { mobile: '13800138000', templateCode: 'activity_promoted' });
  t.regex(String(promoted.message), /运河研学营 \d+/);

  const sent = await server.app.services.signups.sendReminders();
  t.true(sent >= 1);
  t.is(await server.app.services.signups.sendReminders(), 0, 'once');
  await waitFor(() => gateway.hooks.some((h) => h.body.templateCode === 'activity_reminder' && h.body.mobile === '13800138000'));
  t.is((await messages(texted)).filter((m) => m.title_en === 'Your activity starts soon').length, 1);
});

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
