/**
 * BuildAdmin's CRUD demo table `test_build` (reference admin-api 7: a knowledge base), offered on the
 * generator's start page as a design to try: nothing is created until it is generated. Its column names
 * are the ones the reference chose to show the type detection (`_rows` and `_textarea` give a textarea,
 * `content` an editor, `weigh` drag sorting). The titles are stored data in both languages, like those of
 * a new design.
 */
import { blankDesign, newField, type DesignerField, type DesignerState } from './designModel.ts';

export const SAMPLE_TABLE = 'test_build';

function field(designType: DesignerField['designType'], name: string, titleZh: string, titleEn: string, more: Partial<DesignerField> = {}): DesignerField {
  return { ...newField(designType, name), titleZh, titleEn, ...more };
}

const counter = (name: string, titleZh: string, titleEn: string) =>
  field('number', name, titleZh, titleEn, { unsigned: true, defaultType: 'INPUT', defaultValue: '0', inForm: false });

export function sampleDesign(): DesignerState {
  const blank = blankDesign();
  const [id, created, updated] = blank.fields as [DesignerField, DesignerField, DesignerField];
  return {
    ...blank,
    table: { ...blank.table, name: SAMPLE_TABLE, titleZh: '知识库表', titleEn: 'Knowledge base', quickSearch: ['id', 'title'], sortField: 'weigh' },
    fields: [
      id,
      field('string', 'title', '标题', 'Title', { length: '100', defaultType: 'EMPTY STRING', validators: ['required'] }),
      field('textarea', 'keyword_rows', '关键词', 'Keywords', { inList: false }),
      field('editor', 'content', '内容', 'Content'),
      counter('views', '浏览量', 'Views'),
      counter('likes', '有帮助', 'Helpful'),
      counter('dislikes', '无帮助', 'Not helpful'),
      field('textarea', 'note_textarea', '备注', 'Note'),
      field('radio', 'status', '状态', 'Status', {
        choices: [
          { value: '0', zh: '隐藏', en: 'Hidden' },
          { value: '1', zh: '正常', en: 'Normal' },
        ],
        defaultType: 'INPUT',
        defaultValue: '1',
        nullable: false,
      }),
      field('weigh', 'weigh', '权重', 'Weight'),
      updated,
      created,
    ],
  };
}
