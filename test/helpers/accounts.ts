import { createHmac, randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/server/services/passwords.ts';
import type { TestServer } from './server.ts';

export const ADMIN_PASSWORD = 'Canal@2014';

/** A click captcha with known boxes, and the `captchaInfo` that solves it (as the island would send it). */
export async function solvedCaptcha(server: TestServer): Promise<{ captchaId: string; captchaInfo: string }> {
  const captchaId = randomUUID();
  await server.app.services.captcha.save(captchaId, {
    targets: [
      { label: '河', x: 10, y: 10, width: 30, height: 30 },
      { label: '桥', x: 200, y: 100, width: 30, height: 30 },
    ],
    decoys: [],
    width: 350,
    height: 200,
  });
  return { captchaId, captchaInfo: '20,20-210,110;350;200' };
}

let counter = 0;

/** Inserts a member straight into the database (group: the default member group). */
export async function createMember(
  server: TestServer,
  fields: { username?: string; password?: string; email?: string; mobile?: string; status?: string; group_id?: number } = {},
): Promise<{ id: number; username: string; password: string }> {
  const { knex } = server.app;
  const username = fields.username ?? `member${Date.now() % 100000}${counter++}`;
  const password = fields.password ?? 'secret123';
  const group = await knex('user_group').orderBy('id').first<{ id: number }>('id');
  const [row] = await knex('user')
    .insert({
      username,
      nickname: username,
      email: fields.email ?? '',
      mobile: fields.mobile ?? '',
      password: await hashPassword(password),
      status: fields.status ?? 'enable',
      group_id: fields.group_id ?? group.id,
      join_time: Math.floor(Date.now() / 1000),
    })
    .returning('id');
  return { id: (row as { id: number }).id, username, password };
}

/** A member token issued directly (what a login would hand out). */
export async function memberToken(server: TestServer, userId: number): Promise<string> {
  return server.app.services.tokens.issue('user', userId);
}

/** Makes a presented token look expired. */
export async function expire(server: TestServer, token: string): Promise<void> {
  const { tokens } = server.app.services;
  await server.app.knex('token').where({ token: tokens.hash(token) }).update({ expire_time: Math.floor(Date.now() / 1000) - 1 });
}

/**
 * The code an image captcha shows, found as a reader would not: by trying every code of four digits 1-9
 * against the keyed hash its row keeps (the code itself is stored nowhere).
 */
export async function imageCaptchaCode(server: TestServer, id: string): Promise<string> {
  const { knex } = server.app;
  const { value: secret } = await knex('secret').where({ name: 'captcha_key' }).first<{ value: string }>('value');
  const key = createHmac('sha256', secret).update(`image:${id}`).digest('hex');
  const row = await knex('captcha').where({ key }).first<{ code: string } | undefined>('code');
  if (!row) throw new Error(`No image captcha for ${id}`);
  for (let n = 0; n < 9 ** 4; n++) {
    const code = [3, 2, 1, 0].map((p) => String(Math.floor(n / 9 ** p) % 9 + 1)).join('');
    if (createHmac('sha256', secret).update(`${key}:${code}`).digest('hex') === row.code) return code;
  }
  throw new Error(`The image captcha ${id} holds no code of four digits 1-9`);
}
