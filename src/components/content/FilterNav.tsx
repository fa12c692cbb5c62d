import type { ReactNode } from 'react';

interface FilterOption {
  key: string;
  label: ReactNode;
  href: string;
  active: boolean;
}

/** A row of filter links (category, kind, status). Links, not a form, so it needs no script. */
export function FilterNav({ label, options }: { label: string; options: FilterOption[] }) {
  return (
    <nav aria-label={label} className="filter-nav mb-4">
      <ul className="nav nav-pills gap-1">
        {options.map((o) => (
          <li key={o.key} className="nav-item">
            <a className={`nav-link${o.active ? ' active' : ''}`} href={o.href} aria-current={o.active ? 'page' : undefined}>
              {o.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
