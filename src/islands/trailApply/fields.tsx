import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const FORM_ID = 'trail-apply';

export type TextField = 'title' | 'canal_id' | 'city_id' | 'length_km' | 'duration_min' | 'difficulty' | 'summary' | 'route' | 'title_en' | 'summary_en' | 'route_en';
export type Values = Record<TextField, string>;

export const EMPTY: Values = {
  title: '',
  canal_id: '',
  city_id: '',
  length_km: '',
  duration_min: '',
  difficulty: '',
  summary: '',
  route: '',
  title_en: '',
  summary_en: '',
  route_en: '',
};

/** Catalogue keys come from the shared schema; zod's own texts mean a malformed value. */
export function messageKey(message: string): string {
  return /^[a-z][\w-]*:[\w.]+$/.test(message) ? message : 'trail:error.invalid';
}

export function fieldId(field: string): string {
  return `${FORM_ID}-${field}`;
}

/** Puts the keyboard on a field with a problem: the first radio of a group, the photos' whole fieldset. */
export function focusField(field: string): void {
  const el = document.getElementById(fieldId(field));
  const target = field === 'difficulty' ? el?.querySelector<HTMLElement>('input') : el;
  target?.focus();
}

export function Label({ field, text, required }: { field: string; text: string; required?: boolean }) {
  const { t } = useTranslation('trail');
  return (
    <label className="form-label" htmlFor={fieldId(field)}>
      {text}
      <span className="text-body-secondary small ms-1">({t(required ? 'form.required' : 'form.optional')})</span>
    </label>
  );
}

/** What the form's parts need to draw a field: its props, its message and its described-by ids. */
export interface FieldKit {
  control(field: TextField, className?: string): { id: string; name: string; className: string; 'aria-invalid'?: true; value: string };
  describe(field: string, hint?: boolean): string | undefined;
  error(field: string): ReactNode;
  set(field: TextField, value: string): void;
}
