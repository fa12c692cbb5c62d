import type { Knex } from 'knex';
import { field, type XmlFields, type XmlValue } from './xml.ts';

interface RuleRow {
  id: number;
  keyword: string;
  type: string;
  match_mode: string;
  msg_type: string;
  reply_content: string;
  material_id: number;
  status: string;
  weigh: number;
}

interface MaterialRow {
  id: number;
  title: string;
  name: string;
  description: string;
  image: string;
  type: string;
  content: string;
}

/** A reply's type and the fields that follow the common ones (ToUserName, FromUserName, CreateTime). */
export interface Reply {
  msgType: string;
  fields: Record<string, XmlValue>;
}

/**
 * The enabled auto-reply rules that could answer a message, best first: a follow event gets the follow
 * rules; a text message the keyword rules it matches exactly, then those whose keyword it contains
 * (case-insensitive), then the default rules; any other message the default rules; other events none.
 * Within each kind, the rules' order (weigh, then id).
 */
function candidates(rules: RuleRow[], message: XmlFields): RuleRow[] {
  const msgType = field(message, 'MsgType');
  const of = (type: string) => rules.filter((r) => r.type === type);
  if (msgType === 'event') return field(message, 'Event').toLowerCase() === 'subscribe' ? of('follow') : [];
  if (msgType !== 'text') return of('default');
  const text = field(message, 'Content').trim().toLowerCase();
  const keywords = of('keyword').filter((r) => r.keyword.trim() !== '');
  const word = (r: RuleRow) => r.keyword.trim().toLowerCase();
  return [
    ...keywords.filter((r) => r.match_mode !== 'contains' && word(r) === text),
    ...keywords.filter((r) => r.match_mode === 'contains' && text.includes(word(r))),
    ...of('default'),
  ];
}

/** The reply a rule gives, or null when it cannot (an empty text, a material gone or of another type). */
function replyOf(rule: RuleRow, material: MaterialRow | undefined, absolute: (url: string) => string): Reply | null {
  if (rule.msg_type === 'text') return rule.reply_content.trim() ? { msgType: 'text', fields: { Content: rule.reply_content } } : null;
  if (!material || material.type !== rule.msg_type) return null;
  switch (rule.msg_type) {
    case 'news':
      return {
        msgType: 'news',
        fields: {
          ArticleCount: 1,
          Articles: { item: [{ Title: material.title, Description: material.description, PicUrl: material.image ? absolute(material.image) : '', Url: material.content }] },
        },
      };
    case 'image':
      return material.name ? { msgType: 'image', fields: { Image: { MediaId: material.name } } } : null;
    case 'voice':
      return material.name ? { msgType: 'voice', fields: { Voice: { MediaId: material.name } } } : null;
    case 'video':
      return material.name ? { msgType: 'video', fields: { Video: { MediaId: material.name, Title: material.title, Description: material.description } } } : null;
    default:
      return null;
  }
}

/**
 * The auto-reply to an incoming message (WeChat's passive reply), or null for none. `absolute` turns a
 * stored image path into the URL WeChat fetches.
 */
export async function autoReply(knex: Knex, message: XmlFields, absolute: (url: string) => string): Promise<Reply | null> {
  const rules = await knex<RuleRow>('wechat_auto_reply').where({ status: '1' }).orderBy('weigh', 'desc').orderBy('id', 'asc');
  for (const rule of candidates(rules, message)) {
    const material = rule.msg_type === 'text' ? undefined : await knex<MaterialRow>('wechat_material').where({ id: rule.material_id }).first();
    const reply = replyOf(rule, material, absolute);
    if (reply) return reply;
  }
  return null;
}
