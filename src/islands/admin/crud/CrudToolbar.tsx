import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ResourceDef } from '../../../resources/types.ts';
import { useResourceLabels } from './labels.ts';
import { listFields } from './listModel.ts';
import { Checkbox } from '../../lib/Checkbox.tsx';

const QUICK_SEARCH_DEBOUNCE_MS = 400;

export interface QuickSearchProps {
  def: ResourceDef;
  value: string;
  onSearch(text: string): void;
}

/** The quick search box: waits until typing pauses; its placeholder names the fields it searches. */
export function QuickSearch({ def, value, onSearch }: QuickSearchProps) {
  const { t, fieldLabel } = useResourceLabels(def);
  const [text, setText] = useState(value);
  const search = useRef(onSearch);
  search.current = onSearch;

  useEffect(() => {
    const timer = window.setTimeout(() => search.current(text.trim()), QUICK_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  if (!def.quickSearch.length) return null;
  const placeholder = t('crud-ui:toolbar.quickSearch', { fields: def.quickSearch.map(fieldLabel).join(' / ') });
  return (
    <input
      type="search"
      className="form-control form-control-sm"
      style={{ width: '16rem', minWidth: '8rem', flex: '0 1 auto' }}
      placeholder={placeholder}
      aria-label={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        // Enter searches at once rather than waiting for the pause.
        if (e.key === 'Enter') {
          e.preventDefault();
          search.current(text.trim());
        }
      }}
      data-quick-search=""
    />
  );
}

export interface ColumnChooserProps {
  def: ResourceDef;
  visible: Readonly<Record<string, boolean>>;
  onChange(field: string, shown: boolean): void;
}

/** A dropdown of checkboxes, one per column; closes on Escape or a click elsewhere. */
export function ColumnChooser({ def, visible, onChange }: ColumnChooserProps) {
  const { t, fieldLabel } = useResourceLabels(def);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A layout effect, as every focus move on opening: Preact runs plain effects a frame later (docs/architecture.md).
  useLayoutEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    boxRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      className="position-relative"
      ref={boxRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <button ref={toggleRef} type="button" className="btn btn-sm btn-outline-secondary" aria-expanded={open} aria-controls={panelId} title={t('crud-ui:toolbar.columns')} onClick={() => setOpen((o) => !o)} data-toolbar="columns">
        <i className="bi bi-layout-three-columns" aria-hidden="true" />
        <span className="visually-hidden">{t('crud-ui:toolbar.columns')}</span>
      </button>
      {open && (
        <div id={panelId} className="crud-popover end-0 mt-1 p-2" role="group" aria-label={t('crud-ui:toolbar.columns')}>
          {listFields(def).map((field) => (
            <Checkbox
              key={field.name}
              id={`${panelId}-${field.name}`}
              label={fieldLabel(field.name)}
              checked={visible[field.name] ?? false}
              onChange={(on) => onChange(field.name, on)}
              marker={{ 'data-column-toggle': field.name }}
            />
          ))}
        </div>
      )}
    </div>
  );
}

export interface CrudToolbarProps {
  def: ResourceDef;
  onRefresh(): void;
  onAdd?(): void;
  /** Edits the selected row; disabled unless exactly one is selected. */
  onEdit?(): void;
  /** Deletes the selected rows (after the caller's confirmation). */
  onDelete?(): void;
  selectedCount: number;
  /** The common search toggle; absent when the resource has no searchable field. */
  searchOpen?: boolean;
  onToggleSearch?(): void;
  quickSearch: string;
  onQuickSearch(text: string): void;
  columns: Readonly<Record<string, boolean>>;
  onColumn(field: string, shown: boolean): void;
  /** A special screen's own buttons, after the standard ones. */
  children?: ReactNode;
}

/** The list header (reference 5.3): refresh, add, edit, delete, then quick search, common search and columns. */
export function CrudToolbar({ def, onRefresh, onAdd, onEdit, onDelete, selectedCount, searchOpen, onToggleSearch, quickSearch, onQuickSearch, columns, onColumn, children }: CrudToolbarProps) {
  const { t } = useResourceLabels(def);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3" role="toolbar" aria-label={t('crud-ui:toolbar.label')}>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onRefresh} title={t('crud-ui:toolbar.refresh')} data-toolbar="refresh">
        <i className="bi bi-arrow-clockwise" aria-hidden="true" />
        <span className="visually-hidden">{t('crud-ui:toolbar.refresh')}</span>
      </button>
      {onAdd && (
        <button type="button" className="btn btn-sm btn-primary" onClick={onAdd} data-toolbar="add">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('crud-ui:toolbar.add')}
        </button>
      )}
      {onEdit && (
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={onEdit} disabled={selectedCount !== 1} data-toolbar="edit">
          <i className="bi bi-pencil me-1" aria-hidden="true" />
          {t('crud-ui:toolbar.edit')}
        </button>
      )}
      {onDelete && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onDelete} disabled={selectedCount === 0} data-toolbar="delete">
          <i className="bi bi-trash me-1" aria-hidden="true" />
          {t('crud-ui:toolbar.delete')}
          {selectedCount > 0 && <span className="badge text-bg-danger ms-1">{selectedCount}</span>}
        </button>
      )}
      {children}
      <div className="d-flex align-items-center gap-2 ms-auto">
        <QuickSearch def={def} value={quickSearch} onSearch={onQuickSearch} />
        {onToggleSearch && (
          <button type="button" className={`btn btn-sm ${searchOpen ? 'btn-secondary' : 'btn-outline-secondary'}`} aria-pressed={!!searchOpen} onClick={onToggleSearch} title={t('crud-ui:toolbar.search')} data-toolbar="search">
            <i className="bi bi-funnel" aria-hidden="true" />
            <span className="visually-hidden">{t('crud-ui:toolbar.search')}</span>
          </button>
        )}
        <ColumnChooser def={def} visible={columns} onChange={onColumn} />
      </div>
    </div>
  );
}
