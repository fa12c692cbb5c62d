import type { DesignFieldInput } from '../../src/resources/generator/design.ts';

/** A designer field with the defaults the designer sends; `extra` overrides. */
export function designField(name: string, designType: DesignFieldInput['designType'], extra: Partial<DesignFieldInput> = {}): DesignFieldInput {
  return {
    name,
    designType,
    type: '',
    comment: extra.comment ?? name,
    commentEn: extra.commentEn ?? name,
    defaultType: 'NONE',
    null: designType !== 'pk',
    table: {},
    form: {},
    ...extra,
  };
}

export interface DesignOptions {
  comment?: string;
  commentEn?: string;
  quickSearch?: string[];
  columns?: string[];
  form?: string[];
  sort?: [string, 'asc' | 'desc'];
  rebuild?: 'Yes' | 'No';
  designChange?: { type: string; oldName?: string; newName?: string; sync?: boolean; after?: string }[];
  path?: string;
  type?: 'create' | 'db' | 'log';
  /** More table settings (publish, siteSearch, signup...). */
  table?: Record<string, unknown>;
}

/** The generate payload of a table: every field in the list and the form unless told otherwise. */
export function design(table: string, fields: DesignFieldInput[], o: DesignOptions = {}) {
  const names = fields.map((f) => f.name);
  return {
    type: o.type ?? 'create',
    table: {
      name: table,
      comment: o.comment ?? `${table}表`,
      commentEn: o.commentEn ?? table,
      quickSearchField: o.quickSearch ?? [],
      defaultSortField: o.sort?.[0] ?? 'id',
      defaultSortType: o.sort?.[1] ?? 'desc',
      columnFields: o.columns ?? names,
      formFields: o.form ?? names,
      designChange: o.designChange ?? [],
      rebuild: o.rebuild ?? 'No',
      generateRelativePath: o.path ?? '',
      ...o.table,
    },
    fields,
  };
}

/** One field of every design type (reference 5.2). */
export const EVERY_TYPE: DesignFieldInput[] = [
  designField('id', 'pk', { null: false }),
  designField('title', 'string', { comment: '标题', commentEn: 'Title', length: 100, null: false, form: { validator: ['required'] } }),
  designField('secret', 'password'),
  designField('views', 'number', { defaultType: 'INPUT', default: 0 }),
  designField('price', 'float', { length: 10, precision: 2 }),
  designField('state', 'radio', { comment: '状态:0=隐藏,1=正常', commentEn: 'State:0=Hidden,1=Normal', defaultType: 'INPUT', default: '1', null: false }),
  designField('tags', 'checkbox', { comment: '标签:a=甲,b=乙,c=丙', commentEn: 'Tags:a=A,b=B,c=C' }),
  designField('open_switch', 'switch', { comment: '开放', commentEn: 'Open', defaultType: 'INPUT', default: 1, null: false }),
  designField('intro', 'textarea', { form: { rows: 4 } }),
  designField('props', 'array'),
  designField('publish_time', 'datetime'),
  designField('born', 'year'),
  designField('day', 'date'),
  designField('at_time', 'time'),
  designField('kind', 'select', { comment: '类别:x=某,y=另', commentEn: 'Kind:x=One,y=Other' }),
  designField('flavours', 'selects', { comment: '口味:s=甜,t=咸', commentEn: 'Flavours:s=Sweet,t=Salty' }),
  designField('news_category_id', 'remoteSelect', { form: { 'remote-table': 'news_category', 'remote-pk': 'id', 'remote-field': 'name' } }),
  designField('news_ids', 'remoteSelects', { form: { 'remote-table': 'news', 'remote-field': 'title' } }),
  designField('content', 'editor'),
  designField('city', 'city'),
  designField('cover', 'image'),
  designField('photos', 'images'),
  designField('attachment', 'file'),
  designField('attachments', 'files'),
  designField('icon', 'icon'),
  designField('color', 'color'),
  designField('weigh', 'weigh'),
  designField('create_time', 'timestamp'),
  designField('update_time', 'timestamp'),
];
