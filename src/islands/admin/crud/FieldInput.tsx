import type { ReactNode } from 'react';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import Uploader from '../../Uploader.tsx';
import { useAdmin } from '../context.ts';
import { CityPicker } from './CityPicker.tsx';
import type { FormMode, FormValue } from './formModel.ts';
import { ArrayInput } from './ArrayInput.tsx';
import { IconPicker } from './IconPicker.tsx';
import { useResourceLabels } from './labels.ts';
import { RemoteSelect } from './RemoteSelect.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import { PublishTimeInput } from './Publishing.tsx';

export interface FieldInputProps {
  def: ResourceDef;
  field: FieldDef;
  /** The element id: a `<label htmlFor>` points at it, or the group carries it. */
  id: string;
  value: FormValue;
  onChange(value: FormValue): void;
  /** The id of the visible label, for widgets that are groups rather than one labelable control. */
  labelId?: string;
  invalid?: boolean;
  /** The id of the error message under the input. */
  describedBy?: string;
  required?: boolean;
  mode?: FormMode;
  /** `lang` of text inputs (the English sibling of a localized field is 'en'). */
  lang?: string;
}

/** Widgets that are groups of controls (or contenteditable): they get a labelled group, not `<label for>`. */
export function isGroupWidget(field: FieldDef): boolean {
  // Choice types without options fall back to a text input.
  if (['radio', 'checkbox', 'selects'].includes(field.type)) return !!field.options?.length;
  return ['image', 'images', 'file', 'files', 'editor', 'city', 'array'].includes(field.type);
}

const text = (value: FormValue): string => (typeof value === 'string' ? value : '');
const list = (value: FormValue): string[] => (Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : []);

/** One input of the generic form, of the kind the field's type asks for. */
export function FieldInput({ def, field, id, value, onChange, labelId, invalid = false, describedBy, required = false, mode = 'add', lang }: FieldInputProps) {
  const { t, optionLabel } = useResourceLabels(def);
  const { siteConfig } = useAdmin();
  const control = (className = 'form-control') => ({
    id,
    name: id,
    className: `${className}${invalid ? ' is-invalid' : ''}`,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  });
  const options = (field.options ?? []).map(String);
  const group = (children: ReactNode, role: 'group' | 'radiogroup' = 'group') => (
    <div id={id} role={role} aria-labelledby={labelId} aria-describedby={describedBy} aria-invalid={invalid || undefined} aria-required={required || undefined}>
      {children}
    </div>
  );

  switch (field.type) {
    case 'password':
      return (
        <input
          {...control()}
          type="password"
          autoComplete="new-password"
          value={text(value)}
          placeholder={mode === 'edit' ? t('crud-ui:form.passwordKeep') : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'textarea':
      return <textarea {...control()} lang={lang} rows={(field.form && field.form.rows) || 3} maxLength={field.max} value={text(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'editor':
      return <RichTextEditor id={id} value={text(value)} onChange={onChange} labelledBy={labelId} describedBy={describedBy} invalid={invalid} required={required} />;
    case 'number':
    case 'weigh':
    case 'float':
      return (
        <input
          {...control()}
          type="number"
          inputMode={field.type === 'float' ? 'decimal' : 'numeric'}
          step={(field.form && field.form.step) || (field.type === 'float' ? 'any' : 1)}
          min={field.min}
          max={field.type === 'weigh' ? undefined : field.max}
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'switch':
      return (
        <div className="form-check form-switch">
          <input {...control('form-check-input')} type="checkbox" role="switch" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <span className="form-check-label text-body-secondary" aria-hidden="true">
            {optionLabel(field, value === true ? '1' : '0')}
          </span>
        </div>
      );
    case 'select':
      if (!options.length) break;
      return (
        <select {...control('form-select')} value={text(value)} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('crud-ui:form.choose')}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {optionLabel(field, o)}
            </option>
          ))}
        </select>
      );
    case 'radio':
      if (!options.length) break;
      return group(
        options.map((o, i) => (
          <div className="form-check form-check-inline" key={o}>
            <input
              className={`form-check-input${invalid ? ' is-invalid' : ''}`}
              type="radio"
              id={`${id}-${i}`}
              name={id}
              value={o}
              checked={text(value) === o}
              onChange={() => onChange(o)}
            />
            <label className="form-check-label" htmlFor={`${id}-${i}`}>
              {optionLabel(field, o)}
            </label>
          </div>
        )),
        'radiogroup',
      );
    case 'checkbox':
    case 'selects': {
      if (!options.length) break;
      const chosen = list(value);
      return group(
        options.map((o, i) => (
          <div className="form-check form-check-inline" key={o}>
            <input
              className={`form-check-input${invalid ? ' is-invalid' : ''}`}
              type="checkbox"
              id={`${id}-${i}`}
              value={o}
              checked={chosen.includes(o)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, o] : chosen.filter((c) => c !== o))}
            />
            <label className="form-check-label" htmlFor={`${id}-${i}`}>
              {optionLabel(field, o)}
            </label>
          </div>
        )),
      );
    }
    case 'date':
      return <input {...control()} type="date" value={text(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'time':
      return <input {...control()} type="time" step={1} value={text(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'year':
      return <input {...control()} type="number" inputMode="numeric" min={1000} max={9999} step={1} value={text(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'array':
      return group(<ArrayInput id={id} value={text(value)} onChange={onChange} invalid={invalid} />);
    case 'datetime':
    case 'timestamp':
      if (def.publish?.field === field.name) return <PublishTimeInput id={id} labelId={labelId} value={text(value)} onChange={onChange} control={control()} />;
      return <input {...control()} type="datetime-local" step={1} value={text(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'image':
    case 'images':
    case 'file':
    case 'files': {
      const multiple = field.type === 'images' || field.type === 'files';
      return group(
        <Uploader
          endpoint="admin"
          accept={field.type.startsWith('image') ? 'image' : 'file'}
          multiple={multiple}
          value={multiple ? list(value) : text(value)}
          onChange={(v) => onChange(multiple ? (Array.isArray(v) ? v : [v].filter(Boolean)) : Array.isArray(v) ? (v[0] ?? '') : v)}
          settings={siteConfig.upload}
          cdnUrl={siteConfig.cdnUrl}
        />,
      );
    }
    case 'remoteSelect':
    case 'remoteSelects':
      return (
        <RemoteSelect
          field={field}
          id={id}
          multiple={field.type === 'remoteSelects'}
          value={list(value)}
          onChange={(v) => onChange(field.type === 'remoteSelects' ? v : (v[v.length - 1] ?? ''))}
          invalid={invalid}
          describedBy={describedBy}
          required={required}
        />
      );
    case 'city':
      return <CityPicker id={id} value={list(value)} onChange={onChange} invalid={invalid} describedBy={describedBy} labelledBy={labelId} />;
    case 'icon':
      return <IconPicker id={id} value={text(value)} onChange={onChange} invalid={invalid} describedBy={describedBy} required={required} />;
    case 'color':
      return (
        <div className="input-group">
          <input
            type="color"
            className="form-control form-control-color flex-grow-0"
            aria-label={t('crud-ui:form.pickColor')}
            value={/^#[0-9a-f]{6}$/i.test(text(value)) ? text(value) : '#000000'}
            onChange={(e) => onChange(e.target.value)}
          />
          <input {...control()} type="text" spellCheck={false} placeholder="#1e6f9f" value={text(value)} onChange={(e) => onChange(e.target.value)} />
        </div>
      );
    case 'url':
      return <input {...control()} type="url" inputMode="url" maxLength={field.max} placeholder="https://" value={text(value)} onChange={(e) => onChange(e.target.value)} />;
    default:
      break;
  }
  // Strings, and choice types whose options a special screen supplies: a plain text input.
  return <input {...control()} type="text" lang={lang} maxLength={field.max} value={text(value)} onChange={(e) => onChange(e.target.value)} />;
}
