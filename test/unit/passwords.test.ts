import test from 'ava';
import { createHash } from 'node:crypto';
import { hashPassword, NO_ACCOUNT_HASH, verifyPassword } from '../../src/server/services/passwords.ts';

test('scrypt hashes verify, are salted and reject wrong passwords', async (t) => {
  const a = await hashPassword('运河 canal 2014');
  const b = await hashPassword('运河 canal 2014');
  t.regex(a, /^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  t.not(a, b, 'a fresh salt every time');
  t.deepEqual(await verifyPassword('运河 canal 2014', a), { ok: true, needsRehash: false });
  t.false((await verifyPassword('运河 canal 2015', a)).ok);
  t.false((await verifyPassword('x', 'garbage')).ok);
});

test('imported md5+salt hashes verify once and ask for a rehash', async (t) => {
  const md5 = (s: string) => createHash('md5').update(s).digest('hex');
  const stored = md5(md5('oldpass') + 'AbCdEf0123456789');
  t.deepEqual(await verifyPassword('oldpass', stored, 'AbCdEf0123456789'), { ok: true, needsRehash: true });
  t.false((await verifyPassword('wrong!', stored, 'AbCdEf0123456789')).ok);
  t.false((await verifyPassword('oldpass', stored, '')).ok, 'no salt, no legacy check');
});

test('the hash a login naming no account is checked against is a real one, at the cost of a fresh hash', async (t) => {
  const params = (hash: string) => hash.split('$').slice(0, 4);
  t.deepEqual(params(NO_ACCOUNT_HASH), params(await hashPassword('x')), 'costs what a real hash costs');
  t.deepEqual(await verifyPassword('not a real password', NO_ACCOUNT_HASH), { ok: true, needsRehash: false });
  t.false((await verifyPassword('', NO_ACCOUNT_HASH)).ok);
});
