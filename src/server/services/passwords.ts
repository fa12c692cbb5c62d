import { createHash, randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';

// scrypt cost: N=2^14, r=8, p=1 (~16 MB, tens of ms): the OWASP minimum, affordable on a small host.
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scryptAsync(password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), self-describing so the cost can rise later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFC'), salt, KEY_LENGTH, { ...PARAMS, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A hash of no one's password ("not a real password", at PARAMS' cost): what a login naming no account is
 * checked against, so it costs one hash like a wrong password. Written out rather than hashed at each start,
 * which cost every start a scrypt (16 MB and 40 ms of a thread) for an answer that never changes.
 */
export const NO_ACCOUNT_HASH = 'scrypt$16384$8$1$pcT7PRDtwdqBoxc8L9PbTw$pZo_345T9G1byw0PZrYqowcoupQ6uMAwuKIvxTyXjJI';

export interface VerifyResult {
  ok: boolean;
  /** The stored hash is of an older kind (imported md5+salt): store a fresh scrypt hash after this login. */
  needsRehash: boolean;
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/**
 * Checks a password against what is stored: our scrypt format, or the reference's md5(md5(password) + salt)
 * for accounts imported from a BuildAdmin database. Comparisons are constant-time.
 */
export async function verifyPassword(password: string, stored: string, legacySalt = ''): Promise<VerifyResult> {
  const parts = stored.split('$');
  if (parts[0] === 'scrypt' && parts.length === 6) {
    const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
    const expected = Buffer.from(hash, 'base64url');
    const N = Number(n);
    const key = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 128 * N * Number(r) * 2 + 1024 * 1024,
    });
    return { ok: timingSafeEqual(key, expected), needsRehash: N < PARAMS.N };
  }
  if (/^[0-9a-f]{32}$/.test(stored) && legacySalt) {
    const candidate = Buffer.from(md5(md5(password) + legacySalt));
    return { ok: timingSafeEqual(candidate, Buffer.from(stored)), needsRehash: true };
  }
  return { ok: false, needsRehash: false };
}
