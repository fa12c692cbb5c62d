import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { UserRow } from '../accounts.ts';
import { now } from '../clock.ts';
import type { MemberService } from '../members.ts';
import type { Settings } from '../settings.ts';

/** WeChat's answers to code2Session that members can act on; anything else is shown as WeChat worded it. */
const KNOWN_ERRORS = [-1, 40029, 40163, 45011, 40226];
const TIMEOUT_MS = 10_000;
export const MINI_PLATFORM = 'wechat_mini';

/** A failed sign-in: a catalogue key of the `wechat` namespace and its parameters. */
export class MiniProgramError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export interface MiniProgramSettings {
  appId: string;
  appSecret: string;
}

export async function miniProgramSettings(settings: Settings): Promise<MiniProgramSettings> {
  return { appId: (await settings.get('mini_program_app_id')).trim(), appSecret: (await settings.get('mini_program_app_secret')).trim() };
}

interface SessionAnswer {
  openid?: string;
  session_key?: string;
  unionid?: string;
  errcode?: number;
  errmsg?: string;
}

/**
 * code2Session: `GET {base}/sns/jscode2session` exchanges the code of wx.login() for the member's openid
 * (and unionid when the mini program is bound to an open platform account). The session key is not kept:
 * the portal does not decrypt the mini program's user data.
 */
export async function code2Session(base: string, settings: MiniProgramSettings, code: string): Promise<{ openid: string; unionid: string }> {
  const query = new URLSearchParams({ appid: settings.appId, secret: settings.appSecret, js_code: code, grant_type: 'authorization_code' });
  let answer: SessionAnswer;
  try {
    const res = await fetch(`${base.replace(/\/+$/, '')}/sns/jscode2session?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    answer = (await res.json()) as SessionAnswer;
  } catch (err) {
    if (err instanceof SyntaxError) throw new MiniProgramError('miniBadAnswer');
    const cause = err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    throw new MiniProgramError('miniUnreachable', { error: cause });
  }
  if (answer.errcode) {
    const errcode = Number(answer.errcode);
    throw new MiniProgramError(KNOWN_ERRORS.includes(errcode) ? `miniErrors.${errcode}` : 'miniRefused', { errcode, errmsg: String(answer.errmsg ?? '') });
  }
  if (typeof answer.openid !== 'string' || !answer.openid) throw new MiniProgramError('miniBadAnswer');
  return { openid: answer.openid, unionid: typeof answer.unionid === 'string' ? answer.unionid : '' };
}

const USERNAME_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A free username for a member who came from WeChat: 'wx' and ten letters or digits (the account-name rule holds). */
async function freeUsername(db: Knex): Promise<string> {
  for (;;) {
    let name = 'wx';
    for (let i = 0; i < 10; i++) name += USERNAME_CHARS[randomInt(USERNAME_CHARS.length)];
    if (!(await db('user').where({ username: name }).first())) return name;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE/i.test(`${e.code ?? ''} ${e.message ?? ''}`);
}

/**
 * The member bound to a mini program identity, or a new one (bound to it) when there is none. A unionid
 * already bound under another platform leads to that member. `created` tells a new account.
 */
export async function memberForIdentity(
  knex: Knex,
  members: MemberService,
  identity: { openid: string; unionid: string },
  newMember: { nickname: string; ip: string },
): Promise<{ user: UserRow; created: boolean }> {
  const bound = async (db: Knex) => db('user_oauth').where({ platform: MINI_PLATFORM, openid: identity.openid }).first<{ id: number; user_id: number; unionid: string } | undefined>();
  const existing = await bound(knex);
  if (existing) {
    if (identity.unionid && identity.unionid !== existing.unionid) await knex('user_oauth').where({ id: existing.id }).update({ unionid: identity.unionid, update_time: now() });
    return { user: await members.get(existing.user_id), created: false };
  }
  try {
    return await knex.transaction(async (trx) => {
      const sibling = identity.unionid ? await trx('user_oauth').where({ unionid: identity.unionid }).first<{ user_id: number } | undefined>('user_id') : undefined;
      let user: UserRow;
      if (sibling) {
        user = await trx<UserRow>('user').where({ id: sibling.user_id }).first().then((u) => u!);
      } else {
        // Signed in by WeChat only: the random password is never told; the member can set one by "forgot password" once a mobile or e-mail is bound.
        const password = randomInt(2 ** 47, 2 ** 48).toString(36) + randomInt(2 ** 47, 2 ** 48).toString(36);
        user = await members.register({ username: await freeUsername(trx), password, email: '', mobile: '', nickname: newMember.nickname }, newMember.ip, trx);
      }
      const time = now();
      await trx('user_oauth').insert({ user_id: user.id, platform: MINI_PLATFORM, openid: identity.openid, unionid: identity.unionid, create_time: time, update_time: time });
      return { user, created: !sibling };
    });
  } catch (err) {
    // The same member signing in twice at once: the other request bound the identity first.
    if (!isUniqueViolation(err)) throw err;
    const winner = await bound(knex);
    if (!winner) throw err;
    return { user: await members.get(winner.user_id), created: false };
  }
}
