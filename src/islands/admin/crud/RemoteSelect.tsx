import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { findAdminResource } from './resourceStore.ts';
import { actionUrl } from '../../../resources/naming.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import type { Lang } from '../../../shared/i18n/langs.ts';
import { isCancelled } from '../../../shared/request/client.ts';
import { useAdmin } from '../context.ts';
import { localizedText } from '../../../shared/localized.ts';
import type { Row } from './listModel.ts';

export interface RemoteOption {
  value: string;
  label: string;
}

/** `data` of a lookup: the generic `{list}` or the tree controllers' `{options}` (admin-api 2.1). */
interface LookupAnswer {
  list?: Row[];
  options?: Row[];
}

const LOOKUP_LIMIT = 10;
const DEBOUNCE_MS = 250;

/** A tree lookup's option label (`│ └ News`, admin-api 3.2) without its indentation, as a chosen value shows it. */
export function plainLabel(label: string): string {
  return label.replace(/^[\s│├└]+/u, '');
}

/** A looked-up row as an option: its key and its label field, in the page language when it has both. */
export function optionOf(row: Row, target: ResourceDef, labelField: string, lang: Lang): RemoteOption {
  const value = String(row[target.pk] ?? '');
  const label = localizedText(row, labelField, lang).text || (typeof row.nickname_text === 'string' ? row.nickname_text : '') || `#${value}`;
  return { value, label };
}

export interface RemoteSelectProps {
  /** A remoteSelect(s) field: `remote.resource` is looked up, `remote.labelField` labels its rows. */
  field: FieldDef;
  id: string;
  multiple?: boolean;
  value: readonly string[];
  onChange(value: string[]): void;
  invalid?: boolean;
  describedBy?: string;
  labelledBy?: string;
  required?: boolean;
}

/**
 * A searchable select over another resource's rows (the reference's remote select): typing asks
 * `<resource>/index?select=true&quickSearch=…`, and the labels of the current values are fetched once with
 * `initKey/initValue`. Keyboard: arrows move, Enter picks, Escape closes the list (not the dialog).
 */
export function RemoteSelect({ field, id, multiple = false, value, onChange, invalid, describedBy, labelledBy, required }: RemoteSelectProps) {
  const { t } = useTranslation('crud-ui');
  const { request, lang } = useAdmin();
  const target = field.remote ? findAdminResource(field.remote.resource) : undefined;
  const labelField = field.remote?.labelField ?? 'name';
  const exclude = field.remote?.exclude;
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<RemoteOption[]>([]);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const sequence = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const url = target ? actionUrl(target, 'index') : '';
  const missing = useMemo(() => value.filter((v) => !labels.has(v)), [value, labels]);
  const missingKey = missing.join(',');

  // Labels of values set from outside (an edited row): one lookup by key for all of them.
  useEffect(() => {
    if (!target || !missingKey) return;
    let current = true;
    request<LookupAnswer>(url, { params: { select: true, page: 1, initKey: target.pk, initValue: missingKey.split(',') } }, { cancelDuplicate: false }).then(
      (answer) => {
        if (!current) return;
        const rows = answer.data.list ?? answer.data.options ?? [];
        setLabels((old) => {
          const next = new Map(old);
          for (const row of rows) {
            const option = optionOf(row, target, labelField, lang);
            next.set(option.value, option.label);
          }
          // Values the lookup does not know keep their id as label, so nothing is fetched again.
          for (const v of missingKey.split(',')) if (!next.has(v)) next.set(v, `#${v}`);
          return next;
        });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [target, url, missingKey, labelField, lang, request]);

  // The options for what is typed, debounced; a slower earlier answer never overwrites a later one.
  useEffect(() => {
    if (!open || !target) return;
    const mine = ++sequence.current;
    setSearching(true);
    const timer = window.setTimeout(() => {
      request<LookupAnswer>(url, { params: { select: true, quickSearch: text.trim(), page: 1, limit: LOOKUP_LIMIT } }, { cancelDuplicate: false }).then(
        (answer) => {
          if (mine !== sequence.current) return;
          const found = (answer.data.list ?? answer.data.options ?? []).map((row) => optionOf(row, target, labelField, lang)).filter((o) => !exclude?.includes(o.value));
          setOptions(found);
          setActive(found.length ? 0 : -1);
          setLabels((old) => new Map([...old, ...found.map((o) => [o.value, plainLabel(o.label)] as const)]));
        },
        (err: unknown) => {
          if (mine !== sequence.current || isCancelled(err)) return;
          setOptions([]);
        },
      ).finally(() => {
        if (mine === sequence.current) setSearching(false);
      });
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [open, text, target, url, labelField, exclude, lang, request]);

  function pick(option: RemoteOption): void {
    if (multiple) {
      onChange(value.includes(option.value) ? value.filter((v) => v !== option.value) : [...value, option.value]);
      setText('');
    } else {
      onChange([option.value]);
      setText('');
      setOpen(false);
    }
    inputRef.current?.focus();
  }

  function remove(v: string): void {
    onChange(value.filter((x) => x !== v));
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : -1));
    } else if (event.key === 'Enter' && open) {
      // Picking, not submitting the form.
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    } else if (event.key === 'Escape' && open) {
      // Closing the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && value.length) {
      remove(value[value.length - 1]!);
    }
  }

  if (!target) {
    return (
      <input
        id={id}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        value={value.join(',')}
        onChange={(e) => onChange(e.target.value.split(',').map((s) => s.trim()).filter(Boolean))}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    );
  }

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div className="position-relative" data-remote-select={field.name}>
      <div className={`form-control d-flex flex-wrap align-items-center gap-1 py-1${invalid ? ' is-invalid' : ''}`} onClick={() => inputRef.current?.focus()}>
        {value.map((v) => (
          <span key={v} className="badge text-bg-primary d-inline-flex align-items-center gap-1" data-selected={v}>
            {labels.get(v) ?? `#${v}`}
            <button type="button" className="btn-close btn-close-white" style={{ fontSize: '.5rem' }} aria-label={t('remote.remove', { label: labels.get(v) ?? v })} onClick={() => remove(v)} />
          </span>
        ))}
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          className="border-0 flex-grow-1 bg-transparent"
          style={{ outline: 'none', minWidth: '8rem', color: 'inherit' }}
          autoComplete="off"
          value={text}
          placeholder={value.length && !multiple ? '' : t('remote.placeholder')}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-labelledby={labelledBy}
          aria-required={required || undefined}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          // Not on focus: a dialog focusing its first field should not greet the admin with an open list.
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (
        <div className="crud-popover w-100 mt-1">
          <ul id={listId} role="listbox" className="crud-listbox" aria-multiselectable={multiple || undefined} aria-busy={searching || undefined}>
            {options.map((option, i) => (
              <li
                key={option.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={value.includes(option.value)}
                data-active={i === active}
                data-value={option.value}
                // Keeps the focus in the input, so the list does not close before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(option)}
              >
                {value.includes(option.value) && <i className="bi bi-check2 me-1" aria-hidden="true" />}
                {option.label}
              </li>
            ))}
          </ul>
          {options.length === 0 && <div className="px-3 py-2 text-body-secondary small">{searching ? t('remote.searching') : t('remote.noResults')}</div>}
        </div>
      )}
    </div>
  );
}
