import type { ReactNode } from 'react';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { FieldInput, isGroupWidget } from './FieldInput.tsx';
import { inputColumns, type FieldErrors, type FormMode, type FormValue, type FormValues } from './formModel.ts';
import { useResourceLabels } from './labels.ts';
import { RequiredMark } from './RequiredMark.tsx';

export interface FormFieldsProps {
  def: ResourceDef;
  fields: readonly FieldDef[];
  values: FormValues;
  errors: FieldErrors;
  mode: FormMode;
  /** Prefix of the inputs' element ids (one per dialog). */
  formId: string;
  onChange(column: string, value: FormValue): void;
}

/**
 * The inputs of a resource's form, for the generic dialog and the special ones (role groups): each with its
 * label and error, and a localized field's Chinese and English inputs side by side under its name.
 */
export function FormFields({ def, fields, values, errors, mode, formId, onChange }: FormFieldsProps) {
  const { t, fieldLabel, errorText } = useResourceLabels(def);

  /** One input with its label (or its language label inside a localized pair) and its error. */
  function input(field: FieldDef, column: string, label: ReactNode, required: boolean): ReactNode {
    const elementId = `${formId}-${column}`;
    const labelId = `${elementId}-label`;
    const errorKey = errors[column];
    const errorId = errorKey ? `${elementId}-error` : undefined;
    return (
      <div data-column={column}>
        {isGroupWidget(field) ? (
          <span id={labelId} className="form-label d-block">
            {label}
          </span>
        ) : (
          <label id={labelId} htmlFor={elementId} className="form-label">
            {label}
          </label>
        )}
        <FieldInput
          def={def}
          field={field}
          id={elementId}
          labelId={labelId}
          value={values[column] ?? ''}
          onChange={(v) => onChange(column, v)}
          invalid={!!errorKey}
          describedBy={errorId}
          required={required}
          mode={mode}
          lang={column.endsWith('_en') && field.localized ? 'en' : undefined}
        />
        {errorKey && (
          <div id={errorId} className="invalid-feedback d-block">
            {errorText(errorKey, field.name)}
          </div>
        )}
      </div>
    );
  }

  function row(field: FieldDef): ReactNode {
    const name = fieldLabel(field.name);
    const required = !!field.required;
    if (!field.localized) {
      return (
        <div className="mb-3" key={field.name} data-field={field.name}>
          {input(field, field.name, <>{name}{required && <RequiredMark />}</>, required)}
        </div>
      );
    }
    return (
      <fieldset className="mb-3" key={field.name} data-field={field.name}>
        <legend className="form-label fs-6 fw-semibold mb-1">
          {name}
          {required && <RequiredMark />}
        </legend>
        <div className="row g-2">
          {inputColumns(field).map((column, i) => (
            <div className="col-md-6" key={column}>
              {input(
                field,
                column,
                <span className="small text-body-secondary">
                  <span className="visually-hidden">{name} </span>
                  {i === 0 ? t('crud-ui:form.langZh') : `${t('crud-ui:form.langEn')} (${t('crud-ui:form.optional')})`}
                </span>,
                i === 0 && required,
              )}
            </div>
          ))}
        </div>
      </fieldset>
    );
  }

  return <>{fields.map(row)}</>;
}
