import { z } from 'zod';
import { lazySchema } from '../../shared/schemas/lazySchema.ts';
import { pageSchema } from '../../shared/schemas/account.ts';
import type { Services } from '../../server/services/index.ts';
import { now } from '../../server/services/clock.ts';
import type { ApiRoute } from '../types.ts';
import { parseInput } from '../../server/validate.ts';
import { Refusal } from '../../server/errors.ts';

const readSchema = lazySchema(() =>
  z.object({
    id: z.coerce.number().int().positive().optional().catch(undefined),
  }),
);

/**
 * The member's inbox (our own addition to the reference): GET lists messages newest first with the unread
 * count, or with `id` returns one message and marks it read; POST marks everything read.
 */
export function messageRoutes(services: Services): ApiRoute[] {
  const { knex } = services;
  const unread = async (userId: number) =>
    Number(((await knex('user_message').where({ user_id: userId }).whereNull('read_time').count<{ n: number }[]>('id as n')) as [{ n: number }])[0].n);
  return [
    {
      methods: ['GET'],
      path: '/api/account/message',
      auth: 'userRule',
      async handler({ user, input }) {
        const { id } = parseInput(readSchema(), input);
        if (id) {
          const message = await knex('user_message').where({ id, user_id: user!.id }).first();
          if (!message) throw new Refusal('account:messageNotFound');
          if (!message.read_time) {
            message.read_time = now();
            await knex('user_message').where({ id }).update({ read_time: message.read_time });
          }
          return { row: message, unread: await unread(user!.id) };
        }
        const { page, limit } = parseInput(pageSchema(), input);
        const base = knex('user_message').where({ user_id: user!.id });
        const [{ total }] = (await base.clone().count<{ total: number }[]>('id as total')) as [{ total: number }];
        const list = await base.orderBy('id', 'desc').limit(limit).offset((page - 1) * limit);
        return { list, total: Number(total), unread: await unread(user!.id) };
      },
    },
    {
      methods: ['POST'],
      path: '/api/account/message',
      auth: 'userRule',
      async handler({ user }) {
        await knex('user_message').where({ user_id: user!.id }).whereNull('read_time').update({ read_time: now() });
        return { unread: 0 };
      },
    },
  ];
}
