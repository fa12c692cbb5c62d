import { MATERIAL_TYPES } from '../../shared/wechat.ts';
import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

/**
 * wechat/material: what the official account's replies are built from: a news article (title,
 * description, cover image, the link it opens in `content`) or media uploaded to WeChat (its media_id in
 * `name`).
 */
export default defineResource({
  name: 'wechat/material',
  table: 'wechat_material',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'title', type: 'string', required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'type', type: 'select', required: true, options: MATERIAL_TYPES, default: 'news', list: { render: 'tag', operator: 'eq' } },
    { name: 'name', type: 'string', max: 100, list: { operator: 'LIKE' } },
    { name: 'description', type: 'textarea', max: 500, list: { operator: 'LIKE', hidden: true }, form: { rows: 2 } },
    { name: 'image', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'content', type: 'url', max: 500, list: { render: 'url', operator: 'LIKE' } },
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['title', 'name'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'wechat', icon: 'fa fa-image', weigh: 1 },
  recycle: true,
});
