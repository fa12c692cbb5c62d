import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Compiled } from '../../../../resources/generator/compile.ts';
import { formFields } from '../../../../resources/schema.ts';
import { CrudTable, FieldInput, effectiveOrder, nextOrder, type Order, isGroupWidget, listFields, toFormValues, toPostBody, useResourceLabels, type FormValues, type Row } from '../../crud/index.ts';

/**
 * The live preview of a design: the list as the generated screen will show it, with one row made from
 * what is typed into the form preview below it. Both come from the definition the server will store.
 */
export function DesignPreview({ compiled }: { compiled: Compiled | null }) {
  const { t } = useTranslation('crud-designer');
  const [tab, setTab] = useState<'list' | 'form'>('list');
  return (
    <section className="card" aria-labelledby="crud-preview-title" data-preview="">
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto" id="crud-preview-title">
          {t('preview.title')}
        </h2>
        <div className="btn-group btn-group-sm" role="group" aria-label={t('preview.title')}>
          <button type="button" className={`btn ${tab === 'list' ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={tab === 'list'} data-preview-tab="list" onClick={() => setTab('list')}>
            {t('preview.list')}
          </button>
          <button type="button" className={`btn ${tab === 'form' ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={tab === 'form'} data-preview-tab="form" onClick={() => setTab('form')}>
            {t('preview.form')}
          </button>
        </div>
      </div>
      <div className="card-body">{compiled ? <Preview compiled={compiled} tab={tab} /> : <p className="text-body-secondary mb-0">{t('preview.fixFirst')}</p>}</div>
    </section>
  );
}

function Preview({ compiled, tab }: { compiled: Compiled; tab: 'list' | 'form' }) {
  const { t } = useTranslation('crud-designer');
  const { def } = compiled;
  const { fieldLabel, title } = useResourceLabels(def);
  const fields = useMemo(() => formFields(def), [def]);
  // The sample values survive edits of the design as long as the form keeps its inputs.
  const shape = fields.map((f) => `${f.name}:${f.type}`).join(',');
  const [values, setValues] = useState<FormValues>(() => toFormValues(def, null, fields));
  useEffect(() => {
    setValues((current) => ({ ...toFormValues(def, null, fields), ...Object.fromEntries(Object.entries(current).filter(([k]) => fields.some((f) => f.name === k))) }));
    // Only a new set of inputs (the shape) resets the sample; def and fields change with every keystroke.
  }, [shape]);
  // Headers sort as they will (the one sample row does not move).
  const [order, setOrder] = useState<Order | null>(null);
  const sample: Row = { [def.pk]: 1, ...toPostBody(def, values, 'add', undefined, fields) };

  if (tab === 'list') {
    return (
      <div data-preview-list="">
        <p className="small text-body-secondary">{t('preview.listHint', { title })}</p>
        <CrudTable def={def} rows={[sample]} columns={listFields(def)} order={effectiveOrder(def, order)} onOrder={(field) => setOrder(nextOrder(order, field))} />
      </div>
    );
  }
  return (
    <div data-preview-form="" className="row g-3">
      {fields.map((field) => {
        const id = `crud-preview-${field.name}`;
        const group = isGroupWidget(field);
        return (
          <div className="col-md-6" key={field.name}>
            {group ? (
              <span id={`${id}-label`} className="form-label d-block">
                {fieldLabel(field.name)}
                {field.required && <span className="text-danger ms-1">*</span>}
              </span>
            ) : (
              <label id={`${id}-label`} htmlFor={id} className="form-label">
                {fieldLabel(field.name)}
                {field.required && <span className="text-danger ms-1">*</span>}
              </label>
            )}
            <FieldInput def={def} field={field} id={id} labelId={`${id}-label`} value={values[field.name] ?? ''} onChange={(v) => setValues((s) => ({ ...s, [field.name]: v }))} required={!!field.required} />
          </div>
        );
      })}
    </div>
  );
}
