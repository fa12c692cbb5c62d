import type { Knex } from 'knex';
import { columns, type Bilingual } from './bilingual.ts';
import { now } from './clock.ts';

/**
 * Puts a message in a member's inbox. The member's language is not stored, so the message is written in
 * both (`title` / `title_en`, `content` / `content_en`) and each reader gets theirs.
 */
export async function notifyMember(db: Knex | Knex.Transaction, userId: number, message: { title: Bilingual; content: Bilingual }, time = now()): Promise<void> {
  await db('user_message').insert({ user_id: userId, ...columns('title', message.title, 200), ...columns('content', message.content), create_time: time });
}
