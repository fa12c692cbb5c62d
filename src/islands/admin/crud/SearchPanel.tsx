import { useId, useMemo, useState, type FormEvent } from 'react';
import type { ResourceDef } from '../../../resources/types.ts';
import { useResourceLabels } from './labels.ts';
import { searchControls, searchEntries, type SearchControl, type SearchEntry, type SearchValue } from './listModel.ts';
import { RemoteSelect } from './RemoteSelect.tsx';

export interface SearchPanelProps {
  def: ResourceDef;
  /** Called with the `search[]` entries of the filled controls (none after a reset). */
  onSearch(entries: SearchEntry[]): void;
}

/** The common search: one control per field whose `list.operator` is set, applied together. */
export function SearchPanel({ def, onSearch }: SearchPanelProps) {
  const { t, fieldLabel, optionLabel } = useResourceLabels(def);
  const controls = useMemo(() => searchControls(def), [def]);
  const [values, setValues] = useState<Record<string, SearchValue>>({});
  const prefix = `crud-search-${useId().replace(/[^\w-]/g, '')}`;

  const set = (field: string, value: SearchValue) => setValues((v) => ({ ...v, [field]: value }));
  const pair = (field: string): readonly [string, string] => {
    const v = values[field];
    return Array.isArray(v) ? (v as readonly [string, string]) : ['', ''];
  };

  function submit(event: FormEvent): void {
    event.preventDefault();
    onSearch(searchEntries(controls, values));
  }

  function reset(): void {
    setValues({});
    onSearch([]);
  }

  function control({ field, kind }: SearchControl) {
    const id = `${prefix}-${field.name}`;
    const label = fieldLabel(field.name);
    const value = values[field.name];
    const text = typeof value === 'string' ? value : '';
    switch (kind) {
      case 'options':
        return (
          <select id={id} className="form-select form-select-sm" value={text} onChange={(e) => set(field.name, e.target.value)}>
            <option value="">{t('crud-ui:search.any')}</option>
            {(field.options ?? []).map(String).map((o) => (
              <option key={o} value={o}>
                {optionLabel(field, o)}
              </option>
            ))}
          </select>
        );
      case 'remote':
        return <RemoteSelect field={field} id={id} value={text ? [text] : []} onChange={(v) => set(field.name, v[v.length - 1] ?? '')} />;
      case 'presence':
        return (
          <div className="form-check mt-1">
            <input id={id} type="checkbox" className="form-check-input" checked={value === true} onChange={(e) => set(field.name, e.target.checked)} />
            <span className="form-check-label small">{t(field.list && field.list.operator === 'NULL' ? 'crud-ui:search.isEmpty' : 'crud-ui:search.isSet')}</span>
          </div>
        );
      case 'datetimeRange':
      case 'numberRange': {
        const [from, to] = pair(field.name);
        const type = kind === 'datetimeRange' ? 'datetime-local' : 'number';
        return (
          <div className="input-group input-group-sm">
            <input id={id} type={type} step={kind === 'datetimeRange' ? 1 : 'any'} className="form-control" aria-label={t('crud-ui:search.from', { field: label })} value={from} onChange={(e) => set(field.name, [e.target.value, to])} />
            <span className="input-group-text" aria-hidden="true">
              –
            </span>
            <input type={type} step={kind === 'datetimeRange' ? 1 : 'any'} className="form-control" aria-label={t('crud-ui:search.to', { field: label })} value={to} onChange={(e) => set(field.name, [from, e.target.value])} />
          </div>
        );
      }
      case 'date':
        return <input id={id} type="date" className="form-control form-control-sm" value={text} onChange={(e) => set(field.name, e.target.value)} />;
      case 'text':
        return <input id={id} type="search" className="form-control form-control-sm" value={text} onChange={(e) => set(field.name, e.target.value)} />;
    }
  }

  return (
    <form className="border rounded p-3 mb-3 bg-body-tertiary" onSubmit={submit} role="search" aria-label={t('crud-ui:search.title')} data-search-panel="">
      <div className="row g-3">
        {controls.map((c) => (
          <div key={c.field.name} className={c.kind === 'datetimeRange' ? 'col-12 col-lg-6' : 'col-12 col-sm-6 col-md-4 col-xl-3'} data-search-field={c.field.name}>
            <label className="form-label small mb-1" htmlFor={`${prefix}-${c.field.name}`}>
              {fieldLabel(c.field.name)}
            </label>
            {control(c)}
          </div>
        ))}
      </div>
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary btn-sm">
          <i className="bi bi-search me-1" aria-hidden="true" />
          {t('crud-ui:search.apply')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={reset}>
          {t('crud-ui:search.reset')}
        </button>
      </div>
    </form>
  );
}
