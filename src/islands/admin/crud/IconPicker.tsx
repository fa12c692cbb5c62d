import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICONS, menuIconClass } from '../../../shared/icons.ts';

export interface IconPickerProps {
  id: string;
  /** A stored icon name as BuildAdmin writes it: `fa fa-home`, `el-icon-UserFilled` or `local-logo`. */
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
}

/** The names our interfaces draw (src/shared/icons.ts), Font Awesome first as the reference's seeds are. */
const NAMES = Object.keys(MENU_ICONS).sort((a, b) => Number(b.startsWith('fa ')) - Number(a.startsWith('fa ')) || a.localeCompare(b));

/** A text input for the icon name with a searchable grid of the icons our menus can draw. */
export function IconPicker({ id, value, onChange, invalid, describedBy, required }: IconPickerProps) {
  const { t } = useTranslation('crud-ui');
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const filterRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // In the commit, not a frame later: what is typed right after opening goes to the filter.
  useLayoutEffect(() => {
    if (open) filterRef.current?.focus();
  }, [open]);

  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = NAMES.filter((n) => words.every((w) => n.toLowerCase().includes(w)));

  function choose(name: string): void {
    onChange(name);
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
          {value.trim() ? <i className={menuIconClass(value)} /> : null}
        </span>
        <input
          id={id}
          type="text"
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          value={value}
          spellCheck={false}
          autoComplete="off"
          placeholder="fa fa-home"
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
          <div className="crud-icon-grid" role="group" aria-label={t('icon.choose')}>
            {matches.map((name) => (
              <button key={name} type="button" className={`btn btn-sm ${value.trim() === name ? 'btn-primary' : 'btn-outline-secondary'}`} title={name} aria-label={name} onClick={() => choose(name)}>
                <i className={menuIconClass(name)} aria-hidden="true" />
              </button>
            ))}
          </div>
          <div className="small text-body-secondary mt-2" aria-live="polite">
            {t('icon.count', { count: matches.length })}
          </div>
        </div>
      )}
    </div>
  );
}
