import { Stamped } from '../Stamped.tsx';
import { LabelText, labelShape, labelWith, labelWords, type Label } from './Text.tsx';

interface FilterOption {
  key: string;
  label: Label;
  href: string;
  active: boolean;
}

/**
 * A row of filter links (category, kind, status). Links, not a form, so it needs no script. Stamped
 * (Stamped.tsx): one markup per arrangement (which link is current, which names fell back to Chinese) and
 * language, the links and their names filled in.
 */
export function FilterNav({ label, options }: { label: string; options: FilterOption[] }) {
  const shape = options.map((o) => `${o.active ? 'a' : '-'}${labelShape(o.label)}`).join('');
  const holes = options.flatMap((o) => [o.href, labelWords(o.label)]);
  return (
    <Stamped as="nav" label={label} className="filter-nav mb-4" stampKey={`filters ${shape}`} holes={holes}>
      {(values) => (
        <ul className="nav nav-pills gap-1">
          {options.map((o, i) => (
            <li key={o.key} className="nav-item">
              <a className={`nav-link${o.active ? ' active' : ''}`} href={values[2 * i]} aria-current={o.active ? 'page' : undefined}>
                <LabelText value={labelWith(o.label, values[2 * i + 1] ?? '')} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Stamped>
  );
}
