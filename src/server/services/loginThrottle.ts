import type { Knex } from 'knex';
import { now } from './clock.ts';
import { hashPassword, NO_ACCOUNT_HASH, verifyPassword } from './passwords.ts';
import { Refusal } from '../errors.ts';

export type LoginSide = 'admin' | 'user';

/**
 * Seconds an address waits before its next try at one account, by the failures it has made there: three
 * free tries, then 1 s doubling up to 15 minutes. Short enough that a typo costs seconds, long enough that
 * one address can try only about a hundred passwords a day.
 */
export const BACKOFF_SECONDS = [0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512] as const;
export const MAX_BACKOFF_SECONDS = 900;
/** Failures on one account from all addresses, within WINDOW, after which every login to it needs the captcha. */
export const ACCOUNT_CAPTCHA_AFTER = 10;
/** Failures older than this are forgotten. */
export const WINDOW_SECONDS = 86400;
const PURGE_INTERVAL_MS = 3600_000;

/** The back-off after `failures` failures, as SQL over that column (the same on SQLite and PostgreSQL). */
function backoffSql(failures: string): string {
  const steps = BACKOFF_SECONDS.map((seconds, n) => `WHEN ${failures} <= ${n} THEN ${seconds}`).join(' ');
  return `CASE ${steps} ELSE ${MAX_BACKOFF_SECONDS} END`;
}

export interface LoginCandidate {
  id: number;
  password: string;
  salt: string;
  /** A disabled account says so only to whoever knows its password. */
  enabled: boolean;
}

export interface LoginAttempt {
  side: LoginSide;
  /** The login name as typed (username, e-mail or mobile). */
  name: string;
  /** The account it names, or undefined when none: then it is refused exactly like a wrong password. */
  account: LoginCandidate | undefined;
  password: string;
  ip: string;
  /** The login captcha is switched on for everyone. */
  captchaAlways: boolean;
  /** Checks (and consumes) the captcha sent with the attempt. */
  verifyCaptcha(): Promise<boolean>;
}

/**
 * Password logins without locking anyone out (issue 9): an address that keeps failing at an account waits
 * longer and longer before its next try there, while the owner from any other address is not slowed down;
 * an account failed at too often from anywhere asks everyone for the captcha rather than refusing them. An
 * unknown account gets the same answers, in about the same time (a real password hash is checked), as a
 * wrong password, so logins do not reveal which accounts exist. The counters live in the database, shared
 * by every process.
 */
export class LoginThrottle {
  private lastPurge = 0;
  constructor(private readonly knex: Knex) {}

  /**
   * Checks a login and records it: the account's id when the password is right (its last login is noted and
   * an old hash upgraded); otherwise an Refusal saying why not.
   */
  async attempt(a: LoginAttempt): Promise<number> {
    const t = now();
    await this.purge(t);
    const account = a.account ? `id:${a.account.id}` : `name:${a.name.trim().toLowerCase().slice(0, 100)}`;
    const key = { side: a.side, account, ip: a.ip.slice(0, 50) };
    const captchaNeeded = a.captchaAlways || (await this.accountFailures(a.side, account, t)) >= ACCOUNT_CAPTCHA_AFTER;

    const wait = await this.claim(key, t);
    if (wait > 0) throw new Refusal('security:loginBackoff', 0, null, { seconds: wait });
    if (captchaNeeded && !(await a.verifyCaptcha())) {
      throw a.captchaAlways ? new Refusal('account:captchaError') : new Refusal('security:loginCaptchaRequired', 0, { captcha: true });
    }
    const stored = a.account ?? { password: NO_ACCOUNT_HASH, salt: '' };
    const { ok, needsRehash } = await verifyPassword(a.password, stored.password, stored.salt);
    if (!ok || !a.account) throw new Refusal('security:loginIncorrect');
    await this.knex('login_attempt').where(key).delete();
    if (!a.account.enabled) throw new Refusal('account:accountDisabled');
    await this.knex(a.side)
      .where({ id: a.account.id })
      .update({ login_failure: 0, last_login_time: t, last_login_ip: a.ip, ...(needsRehash ? { password: await hashPassword(a.password), salt: '' } : {}) });
    return a.account.id;
  }

  /** Forgets an account's failures (its password was reset by its owner). */
  async clear(side: LoginSide, accountId: number): Promise<void> {
    await this.knex('login_attempt').where({ side, account: `id:${accountId}` }).delete();
  }

  private async accountFailures(side: LoginSide, account: string, t: number): Promise<number> {
    const [row] = (await this.knex('login_attempt')
      .where({ side, account })
      .where('last_failure_time', '>', t - WINDOW_SECONDS)
      .sum({ failures: 'failures' })) as Array<{ failures: number | string | null }>;
    return Number(row?.failures ?? 0);
  }

  /**
   * Takes this address's next try at the account, counted as a failure until the password proves right
   * (then the row goes). One conditional UPDATE, so concurrent tries cannot all slip through a free slot.
   * Returns 0 when the try may go ahead, else the seconds to wait.
   */
  private async claim(key: { side: LoginSide; account: string; ip: string }, t: number): Promise<number> {
    // Failures older than the window are forgotten, even before the hourly purge comes round.
    await this.knex('login_attempt').where(key).where('last_failure_time', '<=', t - WINDOW_SECONDS).delete();
    await this.knex('login_attempt')
      .insert({ ...key, failures: 0, last_failure_time: t, next_attempt_time: 0 })
      .onConflict(['side', 'account', 'ip'])
      .ignore();
    const claimed = await this.knex('login_attempt')
      .where(key)
      .where('next_attempt_time', '<=', t)
      .update({
        failures: this.knex.raw('?? + 1', ['failures']),
        last_failure_time: t,
        next_attempt_time: this.knex.raw(`? + ${backoffSql('failures + 1')}`, [t]),
      });
    if (claimed > 0) return 0;
    const row = await this.knex('login_attempt').where(key).first<{ next_attempt_time: number } | undefined>('next_attempt_time');
    return Math.max(1, Number(row?.next_attempt_time ?? t) - t);
  }

  /** Drops failures older than the window, at most once an hour per process. */
  private async purge(t: number): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = Date.now();
    await this.knex('login_attempt').where('last_failure_time', '<', t - WINDOW_SECONDS).delete();
  }
}
