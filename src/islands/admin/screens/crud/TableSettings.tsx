import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPicker } from '../../crud/index.ts';
import { effectivePath, type DesignerState, type DesignerTable } from './designModel.ts';

/** Design types a quick search cannot look into. */
const NOT_SEARCHABLE: readonly string[] = ['password', 'editor', 'array', 'images', 'files'];

/** The settings typed as text. */
type TextOption = 'name' | 'path' | 'titleZh' | 'titleEn';

export interface TableSettingsProps {
  state: DesignerState;
  onChange(patch: Partial<DesignerTable>): void;
}

/** A card of the designer's settings, titled, its controls in a row. */
export function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 className="h6" id={id}>
          {title}
        </h2>
        <div className="row g-2">{children}</div>
      </div>
    </section>
  );
}

/**
 * The designer's table settings: name, admin path, bilingual title, menu icon, default sort, the fields the
 * quick search looks in and, for a table that exists, whether it is rebuilt.
 */
export function TableSettings({ state, onChange }: TableSettingsProps) {
  const { t } = useTranslation('crud-designer');
  /** A setting typed as text, in its column with its label. */
  const text = (option: TextOption, id: string, props: InputHTMLAttributes<HTMLInputElement>) => (
    <div className="col-sm-6 col-lg-3">
      <label className="form-label small" htmlFor={id}>
        {t(`table.${option}`)}
      </label>
      <input id={id} className="form-control form-control-sm" data-table-option={option} value={state.table[option]} onChange={(e) => onChange({ [option]: e.target.value })} {...props} />
    </div>
  );
  return (
    <SettingsCard id="crud-table-settings" title={t('table.title')}>
      {text('name', 'crud-table-name', { disabled: state.existing, spellCheck: false, autoComplete: 'off' })}
      {text('path', 'crud-table-path', { placeholder: effectivePath({ ...state.table, path: '' }), spellCheck: false, autoComplete: 'off' })}
      {text('titleZh', 'crud-table-title-zh', { lang: 'zh-CN' })}
      {text('titleEn', 'crud-table-title-en', { lang: 'en' })}
      <div className="col-sm-6 col-lg-3">
        <span className="form-label small d-block" id="crud-table-icon-label">
          {t('table.icon')}
        </span>
        <IconPicker id="crud-table-icon" value={state.table.icon} onChange={(icon) => onChange({ icon })} describedBy="crud-table-icon-label" />
      </div>
      <div className="col-sm-6 col-lg-3">
        <label className="form-label small" htmlFor="crud-table-sort">
          {t('table.sort')}
        </label>
        <div className="input-group input-group-sm">
          <select id="crud-table-sort" className="form-select" data-table-option="sortField" value={state.table.sortField} onChange={(e) => onChange({ sortField: e.target.value })}>
            {state.fields.map((f) => (
              <option key={f.uid} value={f.name}>
                {f.name}
              </option>
            ))}
          </select>
          <select className="form-select" aria-label={t('table.sortType')} data-table-option="sortType" value={state.table.sortType} onChange={(e) => onChange({ sortType: e.target.value === 'asc' ? 'asc' : 'desc' })}>
            <option value="desc">{t('table.desc')}</option>
            <option value="asc">{t('table.asc')}</option>
          </select>
        </div>
      </div>
      <fieldset className="col-lg-6">
        <legend className="form-label small mb-1">{t('table.quickSearch')}</legend>
        <div className="d-flex flex-wrap gap-2" data-table-option="quickSearch">
          {state.fields
            .filter((f) => !NOT_SEARCHABLE.includes(f.designType))
            .map((f) => (
              <div className="form-check form-check-inline m-0" key={f.uid}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`crud-qs-${f.uid}`}
                  value={f.name}
                  checked={state.table.quickSearch.includes(f.name)}
                  onChange={(e) => onChange({ quickSearch: e.target.checked ? [...state.table.quickSearch, f.name] : state.table.quickSearch.filter((n) => n !== f.name) })}
                />
                <label className="form-check-label small" htmlFor={`crud-qs-${f.uid}`}>
                  {f.name}
                </label>
              </div>
            ))}
        </div>
      </fieldset>
      {state.existing && (
        <fieldset className="col-12">
          <legend className="form-label small mb-1">{t('table.rebuild')}</legend>
          <div className="form-check form-check-inline">
            <input className="form-check-input" type="radio" name="crud-rebuild" id="crud-rebuild-no" checked={state.table.rebuild === 'No'} onChange={() => onChange({ rebuild: 'No' })} />
            <label className="form-check-label small" htmlFor="crud-rebuild-no">
              {t('table.rebuildNo')}
            </label>
          </div>
          <div className="form-check form-check-inline">
            <input className="form-check-input" type="radio" name="crud-rebuild" id="crud-rebuild-yes" data-table-option="rebuild" checked={state.table.rebuild === 'Yes'} onChange={() => onChange({ rebuild: 'Yes' })} />
            <label className="form-check-label small" htmlFor="crud-rebuild-yes">
              {t('table.rebuildYes')}
            </label>
          </div>
        </fieldset>
      )}
    </SettingsCard>
  );
}
