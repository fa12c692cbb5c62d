import type { Knex } from 'knex';
import autoReplyResource from '../../../resources/wechat/autoReply.ts';
import materialResource from '../../../resources/wechat/material.ts';
import type { Row } from '../../../server/services/crud/security.ts';
import type { Services } from '../../../server/services/index.ts';
import type { ApiRoute } from '../../types.ts';
import { crudRoutes } from '../crud.ts';
import { Refusal } from '../../../server/errors.ts';

/** The first auto-reply rule built from one of these materials, if any. */
async function ruleUsing(db: Knex, materialIds: number[]): Promise<{ id: number } | undefined> {
  return db('wechat_auto_reply').whereIn('material_id', materialIds).first<{ id: number } | undefined>('id');
}

/** wechat/autoReply and wechat/material: the generic CRUD, with the checks that keep every rule answerable. */
export function wechatReplyRoutes(services: Services): ApiRoute[] {
  const replies = crudRoutes(services, autoReplyResource, {
    hooks: {
      async beforeSave(data, { trx, current }) {
        const merged: Row = { ...current, ...data };
        // A keyword only means something for keyword rules; a material only for replies other than text.
        if (merged.type === 'keyword') {
          if (!String(merged.keyword ?? '').trim()) throw new Refusal('wechat:keywordRequired');
          if (!merged.match_mode) data.match_mode = 'exact';
        } else if ('type' in data || 'keyword' in data) {
          data.keyword = '';
        }
        if (merged.msg_type === 'text') {
          if (!String(merged.reply_content ?? '').trim()) throw new Refusal('wechat:replyContentRequired');
          data.material_id = 0;
        } else {
          const id = Number(merged.material_id ?? 0);
          if (!id) throw new Refusal('wechat:materialRequired');
          const material = await trx('wechat_material').where({ id }).first<{ type: string } | undefined>('type');
          if (!material) throw new Refusal('wechat:materialNotFound');
          if (material.type !== merged.msg_type) throw new Refusal('wechat:materialTypeMismatch');
        }
        return data;
      },
    },
  });

  const materials = crudRoutes(services, materialResource, {
    hooks: {
      async beforeSave(data, { trx, current }) {
        const merged: Row = { ...current, ...data };
        if (merged.type !== 'news' && !String(merged.name ?? '').trim()) throw new Refusal('wechat:mediaIdRequired');
        // Rules answer with a material of their own message type: it cannot change under them.
        if (current && 'type' in data && data.type !== current.type && (await ruleUsing(trx, [Number(current.id)]))) throw new Refusal('wechat:materialInUse');
        return data;
      },
      async beforeDelete(rows, { trx }) {
        if (await ruleUsing(trx, rows.map((r) => Number(r.id)))) throw new Refusal('wechat:materialInUse');
        return rows;
      },
    },
  });

  return [...replies.routes, ...materials.routes];
}
