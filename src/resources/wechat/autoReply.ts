import { MATCH_MODES, REPLY_MSG_TYPES, REPLY_TYPES } from '../../shared/wechat.ts';
import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';

/**
 * wechat/autoReply: how the official account answers: the follow reply, keyword replies (exact or
 * contained, exact ones first) and the default reply; text from `reply_content`, anything else from a
 * material of the same type. Higher rules win among equals.
 */
export default defineResource({
  name: 'wechat/autoReply',
  table: 'wechat_auto_reply',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'type', type: 'select', required: true, options: REPLY_TYPES, default: 'keyword', list: { render: 'tag', operator: 'eq' } },
    { name: 'keyword', type: 'string', max: 100, list: { operator: 'LIKE' } },
    { name: 'match_mode', type: 'radio', options: MATCH_MODES, default: 'exact', list: { render: 'tag', operator: 'eq' } },
    { name: 'msg_type', type: 'select', required: true, options: REPLY_MSG_TYPES, default: 'text', list: { render: 'tag', operator: 'eq' } },
    { name: 'reply_content', type: 'textarea', max: 2000, list: { operator: 'LIKE' }, form: { rows: 3 } },
    { name: 'material_id', type: 'remoteSelect', default: 0, remote: { resource: 'wechat/material', labelField: 'title' }, list: { operator: 'eq' } },
    STATUS_FIELD,
    WEIGH_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['keyword'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'wechat', icon: 'fa fa-paper-plane', weigh: 2 },
  recycle: true,
});
