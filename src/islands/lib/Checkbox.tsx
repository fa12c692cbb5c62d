import type { ReactNode } from 'react';

interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  /** Classes of the wrapper besides `form-check` (spacing, `form-check-inline`). */
  className?: string;
  /** Classes of the label besides `form-check-label`. */
  labelClassName?: string;
  /** The data attribute tests find the box by. */
  marker?: Record<`data-${string}`, string>;
}

/** A checkbox with its label, laid out as Bootstrap's form-check. */
export function Checkbox({ id, label, checked, onChange, className, labelClassName, marker }: CheckboxProps) {
  return (
    <div className={className ? `form-check ${className}` : 'form-check'}>
      <input className="form-check-input" type="checkbox" id={id} checked={checked} onChange={(e) => onChange(e.target.checked)} {...marker} />
      <label className={labelClassName ? `form-check-label ${labelClassName}` : 'form-check-label'} htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

/** A list of chosen values with `value` ticked (added at the end) or unticked (taken out). */
export function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list, value] : list.filter((x) => x !== value);
}
