import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TYPES, DESIGN_VALIDATORS, OPERATORS, RENDERS } from '../../../../resources/generator/design.ts';
import { CHOICE_TYPES, DESIGN_TYPES, KEY_TYPES, type DesignType } from '../../../../resources/generator/designTypes.ts';
import { allAdminResources } from '../../crud/resourceStore.ts';
import { MULTI_CAPABLE, NO_DEFAULT, REMOTE, type ChoiceRow, type DesignerField } from './designModel.ts';
import { Checkbox, toggled } from '../../../lib/Checkbox.tsx';

export interface FieldEditorProps {
  field: DesignerField;
  fields: readonly DesignerField[];
  onChange(patch: Partial<DesignerField>): void;
}

const TEXT_TYPES: readonly DesignType[] = ['string', 'password', 'textarea', 'editor', 'select', 'radio', 'image', 'file', 'icon', 'color', 'checkbox', 'city'];
const NUMERIC: readonly DesignType[] = ['number', 'float', 'weigh', 'year', 'switch', 'remoteSelect', 'timestamp', 'datetime'];

/** The options of one field: column, list column and form input (reference admin-api 5.1). */
export function FieldEditor({ field, fields, onChange }: FieldEditorProps) {
  const { t } = useTranslation('crud-designer');
  const base = `crud-field-${useId().replace(/[^\w-]/g, '')}`;
  const type = field.designType;
  const isPk = KEY_TYPES.includes(type);
  const target = allAdminResources().find((r) => r.table === field.remoteTable);

  const text = (key: keyof DesignerField & string, label: string, props: { type?: string; lang?: string; placeholder?: string; min?: number } = {}) => (
    <div className="col-sm-6">
      <label className="form-label small mb-0" htmlFor={`${base}-${key}`}>
        {label}
      </label>
      <input
        id={`${base}-${key}`}
        className="form-control form-control-sm"
        data-field-option={key}
        type={props.type ?? 'text'}
        lang={props.lang}
        min={props.min}
        placeholder={props.placeholder}
        value={String(field[key] ?? '')}
        spellCheck={key === 'titleZh' || key === 'titleEn'}
        autoComplete="off"
        onChange={(e) => onChange({ [key]: e.target.value })}
      />
    </div>
  );
  const check = (key: 'nullable' | 'unsigned' | 'inList' | 'inForm' | 'multi', label: string) => (
    <Checkbox
      id={`${base}-${key}`}
      className="form-check-inline"
      labelClassName="small"
      label={label}
      checked={field[key]}
      onChange={(on) => onChange({ [key]: on })}
      marker={{ 'data-field-option': key }}
    />
  );
  const select = (key: 'designType' | 'defaultType' | 'operator' | 'render' | 'remoteTable' | 'remoteField', label: string, options: { value: string; label: string }[], extra?: ReactNode) => (
    <div className="col-sm-6">
      <label className="form-label small mb-0" htmlFor={`${base}-${key}`}>
        {label}
      </label>
      <select id={`${base}-${key}`} className="form-select form-select-sm" data-field-option={key} value={String(field[key])} onChange={(e) => onChange(patchFor(key, e.target.value))}>
        {extra}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  /** A select's change, with what follows from it: choices for a new choice type, a fresh label field. */
  function patchFor(key: string, value: string): Partial<DesignerField> {
    if (key === 'designType') {
      const next = value as DesignType;
      const seed = CHOICE_TYPES.includes(next) && next !== 'switch' && field.choices.length === 0;
      return { designType: next, ...(seed ? { choices: [{ value: '0', zh: '', en: '' }, { value: '1', zh: '', en: '' }] } : {}) };
    }
    if (key === 'remoteTable') return { remoteTable: value, remoteField: '' };
    return { [key]: value } as Partial<DesignerField>;
  }

  const setChoice = (i: number, patch: Partial<ChoiceRow>) => onChange({ choices: field.choices.map((c, j) => (j === i ? { ...c, ...patch } : c)) });

  return (
    <div className="card" data-field-editor={field.name}>
      <div className="card-body">
        <div className="row g-2 mb-3">
          {text('name', t('options.name'))}
          {select(
            'designType',
            t('options.type'),
            DESIGN_TYPES.filter((d) => !KEY_TYPES.includes(d) || isPk || !fields.some((f) => KEY_TYPES.includes(f.designType))).map((d) => ({ value: d, label: t(`types.${d}`) })),
          )}
          {text('titleZh', t('options.titleZh'), { lang: 'zh-CN' })}
          {text('titleEn', t('options.titleEn'), { lang: 'en' })}
        </div>

        {CHOICE_TYPES.includes(type) && (
          <fieldset className="mb-3" data-field-option="choices">
            <legend className="form-label small fw-semibold mb-1">{t(type === 'switch' ? 'options.switchChoices' : 'options.choices')}</legend>
            {field.choices.map((c, i) => (
              <div className="input-group input-group-sm mb-1" key={i} data-choice={i}>
                <input className="form-control" aria-label={t('options.choiceValue', { n: i + 1 })} placeholder={t('options.value')} value={c.value} onChange={(e) => setChoice(i, { value: e.target.value })} spellCheck={false} />
                <input className="form-control" lang="zh-CN" aria-label={t('options.choiceZh', { n: i + 1 })} placeholder={t('options.labelZh')} value={c.zh} onChange={(e) => setChoice(i, { zh: e.target.value })} />
                <input className="form-control" lang="en" aria-label={t('options.choiceEn', { n: i + 1 })} placeholder={t('options.labelEn')} value={c.en} onChange={(e) => setChoice(i, { en: e.target.value })} />
                <button type="button" className="btn btn-outline-secondary" aria-label={t('options.removeChoice', { n: i + 1 })} onClick={() => onChange({ choices: field.choices.filter((_, j) => j !== i) })}>
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </button>
              </div>
            ))}
            <button type="button" className="btn btn-sm btn-outline-primary" data-add-choice="" onClick={() => onChange({ choices: [...field.choices, { value: String(field.choices.length), zh: '', en: '' }] })}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {t('options.addChoice')}
            </button>
          </fieldset>
        )}

        {!isPk && (
          <fieldset className="mb-3">
            <legend className="form-label small fw-semibold mb-1">{t('options.column')}</legend>
            <div className="row g-2">
              {(TEXT_TYPES.includes(type) || type === 'number' || type === 'float') && text('length', t(type === 'float' ? 'options.digits' : 'options.length'), { type: 'number', min: 1 })}
              {type === 'float' && text('precision', t('options.precision'), { type: 'number', min: 0 })}
              {!NO_DEFAULT.includes(type) &&
                select(
                  'defaultType',
                  t('options.defaultType'),
                  DEFAULT_TYPES.map((d) => ({ value: d, label: t(`defaultTypes.${d}`) })),
                )}
              {!NO_DEFAULT.includes(type) && field.defaultType === 'INPUT' && text('defaultValue', t('options.default'))}
              <div className="col-12">
                {check('nullable', t('options.nullable'))}
                {NUMERIC.includes(type) && check('unsigned', t('options.unsigned'))}
              </div>
            </div>
          </fieldset>
        )}

        <fieldset className="mb-3">
          <legend className="form-label small fw-semibold mb-1">{t('options.list')}</legend>
          <div className="row g-2">
            <div className="col-12">{check('inList', t('options.inList'))}</div>
            {field.inList && (
              <>
                {text('width', t('options.width'), { type: 'number', min: 1 })}
                {select(
                  'operator',
                  t('options.operator'),
                  OPERATORS.map((o) => ({ value: o, label: t(`operators.${o}`) })),
                  <option value="">{t('options.auto')}</option>,
                )}
                {select(
                  'render',
                  t('options.render'),
                  RENDERS.map((r) => ({ value: r, label: t(`renders.${r}`) })),
                  <option value="">{t('options.auto')}</option>,
                )}
                <div className="col-sm-6 d-flex align-items-end">
                  <div className="form-check">
                    <input className="form-check-input" type="checkbox" id={`${base}-sortable`} data-field-option="sortable" checked={field.sortable === 'custom'} onChange={(e) => onChange({ sortable: e.target.checked ? 'custom' : 'false' })} />
                    <label className="form-check-label small" htmlFor={`${base}-sortable`}>
                      {t('options.sortable')}
                    </label>
                  </div>
                </div>
                {(type === 'datetime' || type === 'timestamp') && text('timeFormat', t('options.timeFormat'), { placeholder: 'yyyy-mm-dd hh:MM:ss' })}
              </>
            )}
          </div>
        </fieldset>

        {!isPk && (
          <fieldset>
            <legend className="form-label small fw-semibold mb-1">{t('options.form')}</legend>
            <div className="row g-2">
              <div className="col-12">
                {check('inForm', t('options.inForm'))}
                {MULTI_CAPABLE.includes(type) && check('multi', t('options.multi'))}
              </div>
              {field.inForm && (
                <>
                  <fieldset className="col-12">
                    <legend className="form-label small mb-0">{t('options.validators')}</legend>
                    {DESIGN_VALIDATORS.map((v) => (
                      <Checkbox
                        key={v}
                        id={`${base}-v-${v}`}
                        className="form-check-inline"
                        labelClassName="small"
                        label={t(`validators.${v}`)}
                        checked={field.validators.includes(v)}
                        onChange={(on) => onChange({ validators: toggled(field.validators, v, on) })}
                        marker={{ 'data-validator': v }}
                      />
                    ))}
                  </fieldset>
                  {type === 'textarea' && text('rows', t('options.rows'), { type: 'number', min: 1 })}
                  {(type === 'number' || type === 'float') && text('step', t('options.step'), { type: 'number' })}
                  {REMOTE.includes(type) &&
                    select(
                      'remoteTable',
                      t('options.remoteTable'),
                      allAdminResources().map((r) => ({ value: r.table, label: `${r.table} (${r.name})` })),
                      <option value="">{t('options.choose')}</option>,
                    )}
                  {REMOTE.includes(type) &&
                    target &&
                    select(
                      'remoteField',
                      t('options.remoteField'),
                      target.fields.filter((f) => !f.virtual && f.type !== 'password').map((f) => ({ value: f.name, label: f.name })),
                      <option value="">{t('options.choose')}</option>,
                    )}
                </>
              )}
            </div>
          </fieldset>
        )}
      </div>
    </div>
  );
}
