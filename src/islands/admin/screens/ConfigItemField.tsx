import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTextView } from '../../app/LocalTextView.tsx';
import configResource from '../../../resources/routine/config.ts';
import type { ConfigItem } from '../../../shared/config.ts';
import { FieldInput, RequiredMark, isGroupWidget } from '../crud/index.ts';
import { ArrayEditor } from './config/ArrayEditor.tsx';
import { hasRule, isRows, itemField, type ConfigValue } from './config/model.ts';

export interface ConfigItemFieldProps {
  item: ConfigItem;
  /** Element ids start with it (one form per tab). */
  idPrefix: string;
  value: ConfigValue;
  onChange(value: ConfigValue): void;
  /** Shown only for items with `allow_del` when the admin may delete. */
  onDelete?(): void;
}

const strings = (value: ConfigValue): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const single = (value: ConfigValue): string => (typeof value === 'string' ? value : '');

/** Types whose widget is a group of controls: labelled as a group rather than by `<label for>`. */
const OWN_GROUPS: readonly string[] = ['radio', 'checkbox', 'selects', 'array'];

/**
 * One config item: its title (and variable name), the widget its type asks for, its tip underneath, and a
 * delete button for items an admin added. Choices show the item's own labels; the generic widget serves
 * every type it knows.
 */
export function ConfigItemField({ item, idPrefix, value, onChange, onDelete }: ConfigItemFieldProps) {
  const { t, i18n } = useTranslation(['admin-screens-routine', 'crud-ui']);
  const id = `${idPrefix}-${item.name}`;
  const labelId = `${id}-label`;
  const tipId = item.tip ? `${id}-tip` : undefined;
  const field = itemField(item);
  const required = hasRule(item, 'required') || hasRule(item, 'editorRequired');
  const choices = Object.entries(item.content || {});
  const group = field ? isGroupWidget(field) : OWN_GROUPS.includes(item.type) && (item.type === 'array' || choices.length > 0);

  function widget(): ReactNode {
    if (field) {
      return (
        <FieldInput
          def={configResource}
          field={field}
          id={id}
          labelId={labelId}
          value={isRows(value) ? [] : value}
          onChange={onChange}
          describedBy={tipId}
          required={required}
          mode="edit"
        />
      );
    }
    const aria = { 'aria-describedby': tipId, 'aria-required': required || undefined };
    switch (item.type) {
      case 'array':
        return <ArrayEditor id={id} rows={isRows(value) ? value : []} onChange={onChange} labelledBy={labelId} describedBy={tipId} />;
      case 'select':
        return (
          <select id={id} className="form-select" value={single(value)} onChange={(e) => onChange(e.target.value)} {...aria}>
            <option value="">{t('crud-ui:form.choose')}</option>
            {choices.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        );
      case 'radio':
      case 'checkbox':
      case 'selects': {
        const multiple = item.type !== 'radio';
        const chosen = strings(value);
        return (
          <div id={id} role={multiple ? 'group' : 'radiogroup'} aria-labelledby={labelId} {...aria}>
            {choices.map(([key, label], i) => (
              <div className="form-check form-check-inline" key={key}>
                <input
                  className="form-check-input"
                  type={multiple ? 'checkbox' : 'radio'}
                  id={`${id}-${i}`}
                  name={id}
                  value={key}
                  checked={multiple ? chosen.includes(key) : single(value) === key}
                  onChange={(e) => onChange(multiple ? (e.target.checked ? [...chosen, key] : chosen.filter((c) => c !== key)) : key)}
                />
                <label className="form-check-label" htmlFor={`${id}-${i}`}>
                  {label}
                </label>
              </div>
            ))}
          </div>
        );
      }
      case 'year':
        return <input id={id} className="form-control" type="number" inputMode="numeric" min={1000} max={9999} step={1} value={single(value)} onChange={(e) => onChange(e.target.value)} {...aria} />;
      case 'time':
        return <input id={id} className="form-control" type="time" step={1} value={single(value)} onChange={(e) => onChange(e.target.value)} {...aria} />;
      default:
        // Choice types whose item has no choices: what is stored can still be typed.
        return <input id={id} className="form-control" type="text" value={single(value)} onChange={(e) => onChange(e.target.value)} {...aria} />;
    }
  }

  // The server sends title and tip in the page language; an item without English ones fell back to Chinese.
  const english = i18n.language === 'en';
  const title = (
    <>
      {item.title ? <LocalTextView value={{ text: item.title, fallback: english && !item.title_en }} /> : item.name}
      {required && <RequiredMark />}
    </>
  );

  return (
    <div className="row mb-3" data-config-item={item.name} data-type={item.type}>
      <div className="col-md-3 col-form-label text-md-end">
        {group ? (
          <span id={labelId} className="fw-semibold">
            {title}
          </span>
        ) : (
          <label id={labelId} htmlFor={id} className="fw-semibold">
            {title}
          </label>
        )}
        <div>
          <code className="small text-body-secondary">{item.name}</code>
        </div>
      </div>
      <div className="col-md-8">
        {widget()}
        {item.tip && (
          <div id={tipId} className="form-text">
            <LocalTextView value={{ text: item.tip, fallback: english && !item.tip_en }} />
          </div>
        )}
      </div>
      <div className="col-md-1 pt-md-1">
        {onDelete && (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            title={t('config.deleteItem', { title: item.title || item.name })}
            aria-label={t('config.deleteItem', { title: item.title || item.name })}
            onClick={onDelete}
            data-config-delete={item.name}
          >
            <i className="bi bi-trash" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}
