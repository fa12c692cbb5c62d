import type { Knex } from 'knex';
import { Refusal } from '../../server/errors.ts';
import type { Row } from '../../server/services/crud/call.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import materialResource from './material.ts';

/** The first auto-reply rule built from one of these materials, if any. */
async function ruleUsing(db: Knex, materialIds: number[]): Promise<{ id: number } | undefined> {
  return db('wechat_auto_reply').whereIn('material_id', materialIds).first<{ id: number } | undefined>('id');
}

/** wechat/material: rules answer with a material of their own message type, so it cannot change or go under them. */
export default defineUnit(materialResource, () => ({
  async beforeSave(data, { trx, current }) {
    const merged: Row = { ...current, ...data };
    if (merged.type !== 'news' && !String(merged.name ?? '').trim()) throw new Refusal('wechat:mediaIdRequired');
    if (current && 'type' in data && data.type !== current.type && (await ruleUsing(trx, [Number(current.id)]))) throw new Refusal('wechat:materialInUse');
    return data;
  },
  async beforeDelete(rows, { trx }) {
    if (await ruleUsing(trx, rows.map((r) => Number(r.id)))) throw new Refusal('wechat:materialInUse');
    return rows;
  },
}));
