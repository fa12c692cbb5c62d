import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionUrl, fieldLabelKey } from '../../../../resources/naming.ts';
import type { ResourceDef } from '../../../../resources/types.ts';
import { useAdmin } from '../../context.ts';
import { FieldInput, FormDialog, RequiredMark, useFormSubmit, useResourceLabels, type CrudFormSlot, type FieldErrors, type Row } from '../../crud/index.ts';
import { resourceOfTable } from './records.ts';
import { ruleBody, tablesOf, watchedOf, type RuleChoices, type RuleValues, type Watched } from './rules.ts';

export interface RuleFormProps extends CrudFormSlot {
  /** security/dataRecycle or security/sensitiveData. */
  def: ResourceDef;
  /** Sensitive rules also choose the watched fields and their titles. */
  watchFields: boolean;
}

/** GET add / edit of a rule (admin-api 3.13, 3.15). */
interface RuleAnswer extends RuleChoices {
  row?: Row;
}

const EMPTY: RuleValues = { name: '', name_en: '', controller: '', data_table: '', primary_key: '', status: true };

/**
 * The add/edit dialog of a recycle or sensitive-data rule: the function is picked from the server's list,
 * which fills the data table and primary key (both can be changed to another known table); a sensitive rule
 * then ticks the watched columns of that table and gives each a title.
 */
export function RuleForm({ def, watchFields, mode, id, onClose, onSaved }: RuleFormProps) {
  const { request } = useAdmin();
  const { t, title, fieldLabel, errorText } = useResourceLabels(def);
  const { t: own } = useTranslation('admin-screens-routine');
  const prefix = `rule-form-${useId().replace(/[^\w-]/g, '')}`;
  const [choices, setChoices] = useState<RuleChoices | null>(null);
  const [values, setValues] = useState<RuleValues>(EMPTY);
  const [watched, setWatched] = useState<Watched>({});
  const form = useFormSubmit(choices !== null, onSaved);
  const { failed } = form;
  const status = def.fields.find((f) => f.name === 'status')!;

  useEffect(() => {
    let current = true;
    request<RuleAnswer>(actionUrl(def, mode), { params: mode === 'edit' ? { [def.pk]: id } : {} }, { showCodeMessage: false, showErrorMessage: false }).then(
      ({ data }) => {
        if (!current) return;
        setChoices({ controllers: data.controllers, tables: data.tables });
        if (data.row) {
          const row = data.row;
          setValues({ name: String(row.name ?? ''), name_en: String(row.name_en ?? ''), controller: String(row.controller ?? ''), data_table: String(row.data_table ?? ''), primary_key: String(row.primary_key ?? ''), status: String(row.status) === '1' });
          setWatched(watchedOf(row.data_fields));
        }
      },
      (err: unknown) => current && failed(err),
    );
    return () => {
      current = false;
    };
  }, [def, mode, id, request, failed]);

  const tables = useMemo(() => (choices ? tablesOf(choices) : new Map<string, string[]>()), [choices]);
  const columns = tables.get(values.data_table) ?? [];

  /** A column's title as the table's resource labels it, for a newly ticked field. */
  function columnTitle(column: string): string {
    const owner = resourceOfTable(values.data_table);
    return (owner && t(fieldLabelKey(owner, column), { defaultValue: '' })) || column;
  }

  function pickController(controller: string): void {
    form.clearError('controller');
    const table = choices?.tables[controller];
    setValues((v) => ({ ...v, controller, data_table: table?.data_table ?? v.data_table, primary_key: table?.primary_key ?? v.primary_key }));
    if (table && table.data_table !== values.data_table) setWatched({});
  }

  function pickTable(table: string): void {
    const found = tables.get(table) ?? [];
    setValues((v) => ({ ...v, data_table: table, primary_key: found.includes('id') ? 'id' : (found[0] ?? '') }));
    setWatched({});
  }

  function submit(): void {
    if (!choices) return;
    // A name is typed; the controller and the watched fields are picked.
    const found: FieldErrors = {};
    if (!values.name.trim()) found.name = 'validate:fieldRequired';
    if (!values.controller) found.controller = 'validate:fieldSelect';
    if (watchFields && Object.keys(watched).length === 0) found.data_fields = 'validate:fieldSelect';
    const body = { ...(mode === 'edit' ? { [def.pk]: id } : {}), ...ruleBody(values, watchFields ? watched : null) };
    void form.submit(actionUrl(def, mode), body, found);
  }

  const inputId = (name: string) => `${prefix}-${name}`;
  const label = (name: string, required = false) => (
    <label className="form-label" htmlFor={inputId(name)}>
      {fieldLabel(name)}
      {required && <RequiredMark />}
    </label>
  );
  // The problems the checks before posting found, under their inputs.
  const errorId = (name: string) => (form.errors[name] ? inputId(`${name}-error`) : undefined);
  const error = (name: string) => {
    const key = form.errors[name];
    return (
      key && (
        <div id={inputId(`${name}-error`)} className="invalid-feedback d-block">
          {errorText(key, name)}
        </div>
      )
    );
  };

  return (
    <FormDialog form={form} mode={mode} subject={title} size="lg" marks={{ 'data-rule-form': def.name }} onClose={onClose} onSubmit={submit}>
      {choices && (
        <>
          <fieldset className="mb-3" data-column="name" aria-describedby={errorId('name')}>
            <legend className="form-label fs-6 mb-1">
              {fieldLabel('name')}
              <RequiredMark />
            </legend>
            <div className="row g-2">
              <div className="col-md-6">
                <label className="visually-hidden" htmlFor={inputId('name')}>
                  {fieldLabel('name')} {t('crud-ui:form.langZh')}
                </label>
                <input
                  id={inputId('name')}
                  className="form-control"
                  type="text"
                  maxLength={50}
                  lang="zh-CN"
                  placeholder={t('crud-ui:form.langZh')}
                  aria-required="true"
                  aria-invalid={!!form.errors.name || undefined}
                  value={values.name}
                  onChange={(e) => {
                    form.clearError('name');
                    setValues((v) => ({ ...v, name: e.target.value }));
                  }}
                />
              </div>
              <div className="col-md-6">
                <label className="visually-hidden" htmlFor={inputId('name_en')}>
                  {fieldLabel('name')} {t('crud-ui:form.langEn')}
                </label>
                <input id={inputId('name_en')} className="form-control" type="text" maxLength={50} lang="en" placeholder={t('crud-ui:form.langEn')} value={values.name_en} onChange={(e) => setValues((v) => ({ ...v, name_en: e.target.value }))} />
              </div>
            </div>
            {error('name')}
          </fieldset>
          <div className="mb-3" data-column="controller">
            {label('controller', true)}
            <select id={inputId('controller')} className="form-select" aria-required="true" aria-invalid={!!form.errors.controller || undefined} aria-describedby={[inputId('controller-hint'), errorId('controller')].filter(Boolean).join(' ')} value={values.controller} onChange={(e) => pickController(e.target.value)}>
              <option value="">{t('crud-ui:form.choose')}</option>
              {Object.entries(choices.controllers).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
            <div id={inputId('controller-hint')} className="form-text">
              {own(watchFields ? 'rule.controllerHintSensitive' : 'rule.controllerHintRecycle')}
            </div>
            {error('controller')}
          </div>
          <div className="row g-3 mb-3">
            <div className="col-md-6">
              {label('data_table')}
              <select id={inputId('data_table')} className="form-select" aria-describedby={inputId('table-hint')} value={values.data_table} onChange={(e) => pickTable(e.target.value)}>
                {!values.data_table && <option value="">{t('crud-ui:form.choose')}</option>}
                {[...tables.keys()].map((table) => (
                  <option key={table} value={table}>
                    {table}
                  </option>
                ))}
              </select>
              <div id={inputId('table-hint')} className="form-text">
                {own('rule.tableHint')}
              </div>
            </div>
            <div className="col-md-6">
              {label('primary_key')}
              <select id={inputId('primary_key')} className="form-select" value={values.primary_key} onChange={(e) => setValues((v) => ({ ...v, primary_key: e.target.value }))}>
                {!values.primary_key && <option value="">{t('crud-ui:form.choose')}</option>}
                {columns.map((column) => (
                  <option key={column} value={column}>
                    {column}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {watchFields && (
            <fieldset className="mb-3" data-watched-fields="" data-column="data_fields" aria-describedby={errorId('data_fields')}>
              <legend className="form-label fs-6 mb-1">
                {fieldLabel('data_fields')}
                <RequiredMark />
              </legend>
              {columns.length === 0 ? (
                <p className="text-body-secondary small mb-0">{own('rule.chooseTableFirst')}</p>
              ) : (
                <div className="row g-2">
                  {columns.map((column) => {
                    const on = column in watched;
                    return (
                      <div className="col-md-6 d-flex align-items-center gap-2" key={column} data-watched={column}>
                        <div className="form-check mb-0 flex-shrink-0" style={{ width: '10rem' }}>
                          <input
                            className="form-check-input"
                            type="checkbox"
                            id={inputId(`watch-${column}`)}
                            checked={on}
                            onChange={(e) => {
                              form.clearError('data_fields');
                              setWatched(({ [column]: _, ...rest }) => (e.target.checked ? { ...rest, [column]: columnTitle(column) } : rest));
                            }}
                          />
                          <label className="form-check-label text-break" htmlFor={inputId(`watch-${column}`)}>
                            <code>{column}</code>
                          </label>
                        </div>
                        <input
                          type="text"
                          className="form-control form-control-sm"
                          maxLength={50}
                          aria-label={own('rule.fieldTitle', { column })}
                          placeholder={own('rule.fieldTitlePlaceholder')}
                          disabled={!on}
                          value={watched[column] ?? ''}
                          onChange={(e) => setWatched((w) => ({ ...w, [column]: e.target.value }))}
                          data-watched-title={column}
                        />
                      </div>
                    );
                  })}
                </div>
              )}
              {error('data_fields')}
            </fieldset>
          )}
          <div>
            {label('status')}
            <FieldInput def={def} field={status} id={inputId('status')} value={values.status} onChange={(v) => setValues((old) => ({ ...old, status: v === true }))} mode={mode} />
          </div>
        </>
      )}
    </FormDialog>
  );
}
