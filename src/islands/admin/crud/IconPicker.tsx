import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { iconClass } from './cells.ts';

export interface IconPickerProps {
  id: string;
  /** A bootstrap-icons class name such as `bi-house`. */
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
}

/** Shown at once; the filter narrows the rest. Two thousand buttons would only slow the dialog down. */
const SHOWN = 120;

let names: Promise<string[]> | null = null;

/** The bootstrap-icons names, from the package's own list, in a chunk fetched when a picker first opens. */
function iconNames(): Promise<string[]> {
  names ??= import('bootstrap-icons/font/bootstrap-icons.json').then((m) => Object.keys(m.default).sort());
  names.catch(() => {
    names = null;
  });
  return names;
}

/** A text input for the icon name with a searchable grid of bootstrap-icons beside it. */
export function IconPicker({ id, value, onChange, invalid, describedBy, required }: IconPickerProps) {
  const { t } = useTranslation('crud-ui');
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [all, setAll] = useState<string[] | null>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const preview = iconClass(value);

  useEffect(() => {
    if (!open) return;
    let current = true;
    iconNames().then(
      (list) => current && setAll(list),
      () => current && setAll([]),
    );
    filterRef.current?.focus();
    return () => {
      current = false;
    };
  }, [open]);

  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (all ?? []).filter((n) => words.every((w) => n.includes(w)));

  function choose(name: string): void {
    onChange(`bi-${name}`);
    setOpen(false);
    toggleRef.current?.focus();
  }

  function onPanelKey(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape') {
      // Closing the grid, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <div className="position-relative">
      <div className="input-group">
        <span className="input-group-text" aria-hidden="true" style={{ minWidth: '2.5rem' }}>
          {preview ? <i className={preview} /> : null}
        </span>
        <input
          id={id}
          type="text"
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          value={value}
          spellCheck={false}
          autoComplete="off"
          placeholder="bi-house"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button ref={toggleRef} type="button" className="btn btn-outline-secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          {t('icon.choose')}
        </button>
      </div>
      {open && (
        <div id={panelId} className="crud-popover w-100 mt-1 p-2" onKeyDown={onPanelKey}>
          <input
            ref={filterRef}
            type="search"
            className="form-control form-control-sm mb-2"
            placeholder={t('icon.search')}
            aria-label={t('icon.search')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            onKeyDown={(e) => {
              // Enter picks the first match instead of submitting the form.
              if (e.key === 'Enter') {
                e.preventDefault();
                if (matches[0]) choose(matches[0]);
              }
            }}
          />
          {all === null ? (
            <div className="text-center py-2">
              <span className="spinner-border spinner-border-sm" role="status" aria-label={t('icon.loading')} />
            </div>
          ) : (
            <>
              <div className="crud-icon-grid" role="group" aria-label={t('icon.choose')}>
                {matches.slice(0, SHOWN).map((name) => (
                  <button key={name} type="button" className={`btn btn-sm ${value === `bi-${name}` ? 'btn-primary' : 'btn-outline-secondary'}`} title={name} aria-label={name} onClick={() => choose(name)}>
                    <i className={`bi bi-${name}`} aria-hidden="true" />
                  </button>
                ))}
              </div>
              <div className="small text-body-secondary mt-2" aria-live="polite">
                {matches.length > SHOWN ? t('icon.more', { shown: SHOWN, count: matches.length }) : t('icon.count', { count: matches.length })}
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
