import { Refusal } from '../../server/errors.ts';
import type { Row } from '../../server/services/crud/call.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import autoReplyResource from './autoReply.ts';

/** wechat/autoReply: every rule stays answerable (a keyword for keyword rules, text or a material of its type). */
export default defineUnit(autoReplyResource, () => ({
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
}));
