import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { ResourceLookup } from '../../../resources/lookup.ts';
import { SIGNUP_COLUMNS, type ResourceDef, type SignupMode } from '../../../resources/types.ts';
import {
  cancelDeadline,
  optionalTime,
  CHECKIN_CODE_ALPHABET,
  CHECKIN_CODE_LENGTH,
  CHECKIN_CODE_PATTERN,
  normalizeCheckinCode,
  type MemberSignup,
  type SignupAnswer,
  type SignupState,
  type SignupStatus,
  type SignupWindow,
} from '../../../shared/activity.ts';
import { centsToYuan } from '../../../shared/account.ts';
import type { Lang } from '../../../shared/i18n/langs.ts';
import { localizedText } from '../../../shared/localized.ts';
import { Refusal } from '../../errors.ts';
import { bilingual, type Bilingual } from '../bilingual.ts';
import { now } from '../clock.ts';
import { moveLedger } from '../ledger.ts';
import { whereVisible } from '../publicVisibility.ts';
import type { Settings } from '../settings.ts';
import type { Notice, SignupNotices } from './notices.ts';
import { qrCodeSvg } from '../qrCode.ts';

type Row = Record<string, unknown>;
type SignupDef = ResourceDef & { signup: SignupMode };

/** The config item of the points a member gets for being checked in (seeded with the sign-up menu). */
export const CHECKIN_SCORE_SETTING = 'activity_checkin_score';

const TABLE = 'activity_signup';

/** What a member's sign-up row holds, as stored. */
export interface SignupRow {
  id: number;
  resource: string;
  row_id: number;
  title: string;
  title_en: string;
  user_id: number;
  status: SignupState;
  fee: number;
  refund: number;
  code: string;
  signup_time: number;
  checkin_time: number | null;
  remind_time: number | null;
  cancel_time: number | null;
}

/** Places taken and the waitlist's length, of one row. */
export interface SignupTally {
  confirmed: number;
  waitlisted: number;
}

/** The tallies of these rows of a resource, by row key (rows nobody signed up for are absent). */
export async function signupTallies(db: Knex | Knex.Transaction, resource: string, ids: readonly number[]): Promise<Map<number, SignupTally>> {
  const rows = (await db(TABLE).where({ resource }).whereIn('row_id', ids).whereIn('status', ['confirmed', 'waitlisted']).groupBy('row_id', 'status').select('row_id', 'status').count({ n: '*' })) as {
    row_id: number | string;
    status: string;
    n: number | string;
  }[];
  const tallies = new Map<number, SignupTally>();
  for (const row of rows) {
    const id = Number(row.row_id);
    const tally = tallies.get(id) ?? { confirmed: 0, waitlisted: 0 };
    if (row.status === 'confirmed') tally.confirmed = num(row.n);
    else tally.waitlisted = num(row.n);
    tallies.set(id, tally);
  }
  return tallies;
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < CHECKIN_CODE_LENGTH; i++) code += CHECKIN_CODE_ALPHABET[randomInt(CHECKIN_CODE_ALPHABET.length)];
  return code;
}

/** An SVG image as a data: URL (allowed by the pages' CSP), so the member centre needs no QR code library. */
const qrImage = (svg: string): string => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const num = (value: unknown): number => (Number.isFinite(Number(value)) ? Number(value) : 0);

/** The dates of a row's sign-ups, read once. */
interface Dates {
  start: number;
  opens: number | null;
  closes: number | null;
  cancelUntil: number;
}

function datesOf(def: SignupDef, row: Row): Dates {
  const start = num(row[def.signup.start]);
  return { start, opens: optionalTime(row[SIGNUP_COLUMNS.start]), closes: optionalTime(row[SIGNUP_COLUMNS.end]), cancelUntil: cancelDeadline(start, optionalTime(row[SIGNUP_COLUMNS.cancelEnd])) };
}

function windowOf(dates: Dates, time: number): SignupWindow {
  if (dates.closes === null) return 'closed';
  if (dates.opens !== null && time < dates.opens) return 'notYet';
  return time < dates.closes && time < dates.start ? 'open' : 'closed';
}

/**
 * Sign-ups for the rows of every resource that declares them (ResourceDef `signup`): places, the fee charged
 * once from the balance through the money ledger, the waitlist and its promotions, cancelling with a refund,
 * check-in by code with points through the score ledger. Every change of places happens in one transaction
 * that first locks the row signed up for (a no-op update: a row lock on PostgreSQL, the write lock on SQLite),
 * so members racing for the last place are served one after another and never over-fill it. Notices go out
 * after the transaction commits.
 */
export class SignupService {
  constructor(
    private readonly knex: Knex,
    private readonly resources: ResourceLookup,
    private readonly settings: Settings,
    private readonly notices: SignupNotices,
  ) {}

  /** The definition of a resource that takes sign-ups; anything else is "not found". */
  private defOf(resource: string): SignupDef {
    const def = this.resources.find(resource);
    if (!def?.signup) throw new Refusal('activity:error.notFound');
    return def as SignupDef;
  }

  /** Every resource that takes sign-ups. */
  signupResources(): SignupDef[] {
    return this.resources.all().filter((def): def is SignupDef => !!def.signup);
  }

  /** The row while the public may see it, or null. */
  private async publicRow(db: Knex | Knex.Transaction, def: SignupDef, id: number): Promise<Row | null> {
    const row = (await whereVisible(db(def.table).where(`${def.table}.${def.pk}`, id), def, now(), this.resources).first()) as Row | undefined;
    return row ?? null;
  }

  /** Locks a row for the rest of the transaction; false when there is no such row. */
  private async lock(trx: Knex.Transaction, def: SignupDef, id: number): Promise<boolean> {
    return (await trx(def.table).where(def.pk, id).update({ [def.pk]: trx.ref(def.pk) })) > 0;
  }

  private titles(def: SignupDef, row: Row): Bilingual {
    const field = def.fields.find((f) => f.name === def.signup.title);
    if (!field?.localized) return { zh: String(row[def.signup.title] ?? ''), en: String(row[def.signup.title] ?? '') };
    return { zh: localizedText(row, def.signup.title, 'zh-cn').text, en: localizedText(row, def.signup.title, 'en').text };
  }

  private async counts(db: Knex | Knex.Transaction, resource: string, id: number): Promise<SignupTally> {
    return (await signupTallies(db, resource, [id])).get(id) ?? { confirmed: 0, waitlisted: 0 };
  }

  private async mineOf(db: Knex | Knex.Transaction, resource: string, id: number, userId: number): Promise<SignupRow | undefined> {
    return db(TABLE).where({ resource, row_id: id, user_id: userId }).first<SignupRow | undefined>();
  }

  /** The live state of a row's sign-ups and the caller's own (GET /api/activity/status). */
  async status(resource: string, id: number, userId: number | null): Promise<SignupStatus> {
    const def = this.defOf(resource);
    const row = await this.publicRow(this.knex, def, id);
    if (!row) throw new Refusal('activity:error.notFound');
    const dates = datesOf(def, row);
    const capacity = num(row[SIGNUP_COLUMNS.capacity]);
    const { confirmed, waitlisted } = await this.counts(this.knex, resource, id);
    const mine = userId === null ? undefined : await this.mineOf(this.knex, resource, id, userId);
    return {
      id,
      resource,
      capacity,
      taken: confirmed,
      left: capacity > 0 ? Math.max(0, capacity - confirmed) : null,
      waitlist: waitlisted,
      fee: centsToYuan(num(row[SIGNUP_COLUMNS.fee])),
      window: windowOf(dates, now()),
      opensAt: dates.opens,
      closesAt: dates.closes ?? 0,
      cancelUntil: dates.cancelUntil,
      member: userId !== null,
      mine: mine && mine.status !== 'cancelled' ? { status: mine.status, code: mine.code } : null,
    };
  }

  /**
   * A member signs up: a place with the fee charged once, or the waitlist (nothing charged) when the places are
   * taken. A second sign-up, a row that takes none now, or a balance below the fee is refused and changes nothing.
   */
  async signup(resource: string, id: number, userId: number): Promise<SignupAnswer> {
    const def = this.defOf(resource);
    const notices: Notice[] = [];
    const answer = await this.knex.transaction(async (trx) => {
      if (!(await this.lock(trx, def, id))) throw new Refusal('activity:error.notFound');
      const row = await this.publicRow(trx, def, id);
      if (!row) throw new Refusal('activity:error.notFound');
      const dates = datesOf(def, row);
      const time = now();
      const window = windowOf(dates, time);
      if (dates.closes === null) throw new Refusal('activity:error.noSignups');
      if (window === 'notYet') throw new Refusal('activity:error.notYet', 0, null, { time: dates.opens });
      if (window === 'closed') throw new Refusal(time >= dates.start ? 'activity:error.started' : 'activity:error.closed');
      const existing = await this.mineOf(trx, resource, id, userId);
      if (existing && existing.status !== 'cancelled') throw new Refusal(existing.status === 'confirmed' ? 'activity:error.alreadyConfirmed' : 'activity:error.alreadyWaitlisted');
      const capacity = num(row[SIGNUP_COLUMNS.capacity]);
      const { confirmed } = await this.counts(trx, resource, id);
      const status: SignupState = capacity > 0 && confirmed >= capacity ? 'waitlisted' : 'confirmed';
      const title = this.titles(def, row);
      const fee = status === 'confirmed' ? num(row[SIGNUP_COLUMNS.fee]) : 0;
      if (fee > 0) await this.charge(trx, userId, fee, title);
      const code = randomCode();
      const values = { title: title.zh.slice(0, 200), title_en: title.en.slice(0, 200), status, fee, refund: 0, code, signup_time: time, checkin_time: null, checkin_admin_id: 0, remind_time: null, cancel_time: null, update_time: time };
      if (existing) await trx(TABLE).where({ id: existing.id }).update(values);
      else await trx(TABLE).insert({ ...values, resource, row_id: id, user_id: userId, create_time: time });
      notices.push(await this.notices.inbox(trx, status === 'confirmed' ? 'confirmed' : 'waitlisted', { userId, title, fee, start: dates.start, code }));
      return { status, code };
    });
    this.notices.deliverLater(notices);
    return answer;
  }

  /** Charges a fee from the balance, or refuses saying what the place costs and what the member holds. */
  private async charge(trx: Knex.Transaction, userId: number, fee: number, title: Bilingual): Promise<boolean> {
    const memo = bilingual('activity', 'ledger.fee', { title: title.zh, titleEn: title.en });
    const moved = await moveLedger(trx, { userId, column: 'money', change: -fee, memo: memo.zh, memo_en: memo.en });
    if (moved.ok) return true;
    if (moved.reason === 'noUser') throw new Refusal('activity:error.notFound');
    throw new Refusal('activity:error.balanceLow', 0, null, { fee: centsToYuan(fee), balance: centsToYuan(moved.balance) });
  }

  /**
   * A member gives up their place or their place in line: the fee goes back through the ledger (until the
   * deadline staff set, after which a place can no longer be given up), and the first in line who can pay is
   * promoted and charged, all in one transaction.
   */
  async cancel(resource: string, id: number, userId: number): Promise<SignupAnswer> {
    const def = this.defOf(resource);
    return this.cancelWhere(def, id, userId, false);
  }

  /** Staff cancel a sign-up from the roster: whatever the deadline, the fee is refunded and the next promoted. */
  async cancelBySignupId(signupId: number): Promise<SignupAnswer> {
    const signup = await this.knex(TABLE).where({ id: signupId }).first<SignupRow | undefined>();
    if (!signup) throw new Refusal('crud:recordNotFound');
    const def = this.resources.find(signup.resource);
    if (!def?.signup) throw new Refusal('activity:error.notFound');
    return this.cancelWhere(def as SignupDef, signup.row_id, signup.user_id, true);
  }

  private async cancelWhere(def: SignupDef, id: number, userId: number, byStaff: boolean): Promise<SignupAnswer> {
    const notices: Notice[] = [];
    const answer = await this.knex.transaction(async (trx) => {
      // Cancelling stays possible for a row taken down since: the place was paid for all the same.
      if (!(await this.lock(trx, def, id))) throw new Refusal('activity:error.notFound');
      const row = (await trx(def.table).where(def.pk, id).first()) as Row;
      const signup = await this.mineOf(trx, def.name, id, userId);
      if (!signup || signup.status === 'cancelled') throw new Refusal('activity:error.notSignedUp');
      const dates = datesOf(def, row);
      const time = now();
      if (!byStaff && time >= dates.start) throw new Refusal('activity:error.started');
      if (!byStaff && signup.status === 'confirmed' && time >= dates.cancelUntil) throw new Refusal('activity:error.cancelClosed');
      const title = this.titles(def, row);
      const refund = signup.status === 'confirmed' ? signup.fee : 0;
      if (refund > 0) {
        const memo = bilingual('activity', 'ledger.refund', { title: title.zh, titleEn: title.en });
        const moved = await moveLedger(trx, { userId, column: 'money', change: refund, memo: memo.zh, memo_en: memo.en });
        if (!moved.ok) throw new Refusal('activity:error.notFound');
      }
      await trx(TABLE).where({ id: signup.id }).update({ status: 'cancelled', refund, cancel_time: time, update_time: time });
      notices.push(await this.notices.inbox(trx, 'cancelled', { userId, title, fee: refund, start: dates.start, code: signup.code }));
      if (signup.status === 'confirmed') notices.push(...(await this.promote(trx, def, row)));
      return { status: 'cancelled' as const, code: signup.code };
    });
    this.notices.deliverLater(notices);
    return answer;
  }

  /**
   * Fills free places from the waitlist, first come first served, charging each promoted member's fee. A member
   * whose balance is below it stays in line (told so) and the next is tried. Nothing moves once the row started.
   */
  private async promote(trx: Knex.Transaction, def: SignupDef, row: Row): Promise<Notice[]> {
    const id = num(row[def.pk]);
    const dates = datesOf(def, row);
    if (now() >= dates.start) return [];
    const capacity = num(row[SIGNUP_COLUMNS.capacity]);
    const fee = num(row[SIGNUP_COLUMNS.fee]);
    const title = this.titles(def, row);
    const notices: Notice[] = [];
    const passed: number[] = [];
    let { confirmed } = await this.counts(trx, def.name, id);
    while (capacity === 0 || confirmed < capacity) {
      const next = await trx(TABLE)
        .where({ resource: def.name, row_id: id, status: 'waitlisted' })
        .whereNotIn('id', passed)
        .orderBy([{ column: 'signup_time', order: 'asc' }, { column: 'id', order: 'asc' }])
        .first<SignupRow | undefined>();
      if (!next) break;
      if (fee > 0) {
        const memo = bilingual('activity', 'ledger.fee', { title: title.zh, titleEn: title.en });
        const moved = await moveLedger(trx, { userId: next.user_id, column: 'money', change: -fee, memo: memo.zh, memo_en: memo.en });
        if (!moved.ok) {
          passed.push(next.id);
          notices.push(await this.notices.inbox(trx, 'passedOver', { userId: next.user_id, title, fee, start: dates.start, code: next.code }));
          continue;
        }
      }
      await trx(TABLE).where({ id: next.id }).update({ status: 'confirmed', fee, update_time: now() });
      notices.push(await this.notices.inbox(trx, 'promoted', { userId: next.user_id, title, fee, start: dates.start, code: next.code }));
      confirmed++;
    }
    return notices;
  }

  /** After staff changed rows (more places, say): their waitlists move up, and the roster's titles follow. */
  async rowsChanged(def: ResourceDef, keys: readonly string[], trx: Knex.Transaction): Promise<void> {
    if (!def.signup) return;
    const signupDef = def as SignupDef;
    const rows = (await trx(def.table).whereIn(def.pk, keys)) as Row[];
    const notices: Notice[] = [];
    for (const row of rows) {
      const title = this.titles(signupDef, row);
      await trx(TABLE).where({ resource: def.name, row_id: num(row[def.pk]) }).update({ title: title.zh.slice(0, 200), title_en: title.en.slice(0, 200) });
      notices.push(...(await this.promote(trx, signupDef, row)));
    }
    // The promoted are told once the staff's save has committed.
    if (notices.length) void trx.executionPromise.then(() => this.notices.deliverLater(notices), () => undefined);
  }

  /** A row members hold places or waitlist places for is not deleted (cancel their sign-ups first). */
  async guardDelete(def: ResourceDef, rows: readonly Row[], trx: Knex.Transaction): Promise<void> {
    if (!def.signup || rows.length === 0) return;
    const keys = rows.map((r) => num(r[def.pk]));
    const [active] = (await trx(TABLE).where({ resource: def.name }).whereIn('row_id', keys).whereIn('status', ['confirmed', 'waitlisted']).count({ n: '*' })) as { n: number }[];
    if (num(active?.n) > 0) throw new Refusal('activity:error.hasSignups', 0, null, { count: num(active?.n) });
  }

  /** Checks the dates a row is saved with: sign-ups close by the start, and open before they close. */
  checkDates(def: ResourceDef, row: Row): void {
    if (!def.signup) return;
    const dates = datesOf(def as SignupDef, row);
    if (dates.closes !== null && dates.start > 0 && dates.closes > dates.start) throw new Refusal('activity:error.closesAfterStart');
    if (dates.closes !== null && dates.opens !== null && dates.opens >= dates.closes) throw new Refusal('activity:error.opensAfterClose');
    const cancelEnd = optionalTime(row[SIGNUP_COLUMNS.cancelEnd]);
    if (cancelEnd !== null && dates.start > 0 && cancelEnd > dates.start) throw new Refusal('activity:error.cancelAfterStart');
  }

  /**
   * Marks a confirmed member present by their code, once, and awards the configured points through the score
   * ledger. Answers who was checked in for what.
   */
  async checkIn(text: string, adminId: number): Promise<{ title: Bilingual; nickname: string; username: string; points: number }> {
    const code = normalizeCheckinCode(text);
    if (!CHECKIN_CODE_PATTERN.test(code)) throw new Refusal('activity:error.badCode');
    const points = Math.max(0, Math.floor(num(await this.settings.get(CHECKIN_SCORE_SETTING))));
    return this.knex.transaction(async (trx) => {
      const signup = await trx(TABLE).where({ code }).first<SignupRow | undefined>();
      if (!signup) throw new Refusal('activity:error.unknownCode');
      if (signup.status !== 'confirmed') throw new Refusal(signup.status === 'waitlisted' ? 'activity:error.checkinWaitlisted' : 'activity:error.checkinCancelled');
      const time = now();
      // Conditional on the column, so two scans of one code at the same moment check in once.
      const marked = await trx(TABLE).where({ id: signup.id }).whereNull('checkin_time').update({ checkin_time: time, checkin_admin_id: adminId, update_time: time });
      if (marked === 0) throw new Refusal('activity:error.alreadyCheckedIn', 0, null, { time: signup.checkin_time });
      const title = { zh: signup.title, en: signup.title_en || signup.title };
      if (points > 0) {
        const memo = bilingual('activity', 'ledger.checkin', { title: title.zh, titleEn: title.en });
        await moveLedger(trx, { userId: signup.user_id, column: 'score', change: points, memo: memo.zh, memo_en: memo.en, adminId });
      }
      const member = await trx('user').where({ id: signup.user_id }).first<{ nickname: string; username: string } | undefined>('nickname', 'username');
      return { title, nickname: member?.nickname ?? '', username: member?.username ?? '', points };
    });
  }

  /** A member's own sign-ups, newest first, with codes and, for places, the code as a QR image. */
  async mine(userId: number, lang: Lang, page: number, limit: number): Promise<{ list: MemberSignup[]; total: number }> {
    const base = this.knex(TABLE).where({ user_id: userId });
    const [{ total }] = (await base.clone().count({ total: '*' })) as [{ total: number }];
    const rows = (await base.orderBy('id', 'desc').limit(limit).offset((page - 1) * limit)) as SignupRow[];
    const time = now();
    const list = await Promise.all(
      rows.map(async (s): Promise<MemberSignup> => {
        const def = this.resources.find(s.resource);
        const row = def?.signup ? ((await this.knex(def.table).where(def.pk, s.row_id).first()) as Row | undefined) : undefined;
        const dates = def && row ? datesOf(def as SignupDef, row) : null;
        const open = s.status !== 'cancelled' && dates !== null && time < dates.start;
        return {
          id: s.id,
          resource: s.resource,
          rowId: s.row_id,
          title: lang === 'en' ? s.title_en || s.title : s.title,
          url: def?.search ? def.search.url.replace('{id}', String(s.row_id)) : null,
          startTime: dates?.start ?? 0,
          status: s.status,
          fee: centsToYuan(s.fee),
          refund: centsToYuan(s.refund),
          code: s.code,
          qr: s.status === 'confirmed' ? qrImage(await qrCodeSvg(s.code)) : '',
          checkinTime: s.checkin_time === null ? null : Number(s.checkin_time),
          cancellable: open && (s.status === 'waitlisted' || time < dates.cancelUntil),
          cancelUntil: dates?.cancelUntil ?? 0,
        };
      }),
    );
    return { list, total: num(total) };
  }

  /**
   * The day-before reminders: each confirmed member of a row starting within a day gets one, once (the row
   * is claimed first, so processes sending at the same time never send it twice).
   */
  async sendReminders(): Promise<number> {
    const time = now();
    let sent = 0;
    for (const def of this.signupResources()) {
      const due = (await this.knex(TABLE)
        .join(def.table, `${def.table}.${def.pk}`, `${TABLE}.row_id`)
        .where(`${TABLE}.resource`, def.name)
        .where(`${TABLE}.status`, 'confirmed')
        .whereNull(`${TABLE}.remind_time`)
        .where(`${def.table}.${def.signup.start}`, '>', time)
        .where(`${def.table}.${def.signup.start}`, '<=', time + 86_400)
        .select(`${TABLE}.*`, `${def.table}.${def.signup.start} as start`)) as (SignupRow & { start: number })[];
      for (const signup of due) {
        const claimed = await this.knex(TABLE).where({ id: signup.id }).whereNull('remind_time').update({ remind_time: time });
        if (claimed === 0) continue;
        const title = { zh: signup.title, en: signup.title_en || signup.title };
        const notice = await this.notices.inbox(this.knex, 'reminder', { userId: signup.user_id, title, fee: signup.fee, start: Number(signup.start), code: signup.code });
        await this.notices.deliver([notice]);
        sent++;
      }
    }
    return sent;
  }
}
