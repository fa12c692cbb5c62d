import { randomBytes } from 'node:crypto';
import type { AppConfig } from './config.ts';
import { hashPassword } from './services/passwords.ts';

/** The first admin account's password, and its hash under way on libuv's thread pool. */
export interface FirstAdmin {
  password: string;
  /** Made up here (no ADMIN_PASSWORD): the seed prints it once. */
  generated: boolean;
  hash: Promise<string>;
}

/**
 * ADMIN_PASSWORD, or a new random one, with its hash begun now: a start that creates the database begins it
 * before opening that, and the hash runs while the database is made and the services set up (the accounts seed,
 * which began it itself, waited 30 ms for scrypt after writing the menus).
 */
export function firstAdmin(config: Pick<AppConfig, 'adminPassword'>): FirstAdmin {
  const generated = !config.adminPassword;
  const password = config.adminPassword || randomBytes(9).toString('base64url');
  const hash = hashPassword(password);
  // The accounts seed reports a failure when it awaits the hash; a database that turns out seeded never does.
  hash.catch(() => {});
  return { password, generated, hash };
}
