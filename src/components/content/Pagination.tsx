import { useTranslation } from 'react-i18next';
import { Stamped } from '../Stamped.tsx';

interface PaginationProps {
  page: number;
  pages: number;
  /** The link of a page number (keeps the language and the list's filters). */
  href: (page: number) => string;
}

/** The page numbers shown: first, last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  }
  return out;
}

/** Where each link of a stamped window goes and what it says, as values filled into its holes. */
interface LinkValues {
  prev: string;
  next: string;
  /** For each number of the window, in order: its link and its text. */
  numbers: readonly string[];
}

/** The link to the previous or next page; greyed out, not a link, when there is none (`href` null). */
function StepLink({ rel, href }: { rel: 'prev' | 'next'; href: string | null }) {
  const { t } = useTranslation('content');
  const label = t(`pagination.${rel}`);
  return (
    <li className={`page-item${href === null ? ' disabled' : ''}`}>
      {href === null ? (
        <span className="page-link">{label}</span>
      ) : (
        <a className="page-link" rel={rel} href={href}>
          {label}
        </a>
      )}
    </li>
  );
}

/** The links inside the <nav>: previous, the window's numbers and gaps, next. */
function PageLinks({ shown, page, first, final, values }: { shown: (number | null)[]; page: number; first: boolean; final: boolean; values: LinkValues }) {
  const { t } = useTranslation('content');
  let n = 0;
  return (
    <ul className="pagination justify-content-center flex-wrap">
      <StepLink rel="prev" href={first ? null : values.prev} />
      {shown.map((p, i) => {
        if (p === null) {
          return (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          );
        }
        const [href = '', text = ''] = values.numbers.slice(n, (n += 2));
        return (
          <li key={p} className={`page-item${p === page ? ' active' : ''}`}>
            <a className="page-link" href={href} aria-current={p === page ? 'page' : undefined} aria-label={t('pagination.page', { page: text })}>
              {text}
            </a>
          </li>
        );
      })}
      <StepLink rel="next" href={final ? null : values.next} />
    </ul>
  );
}

/**
 * Server-rendered page links; plain anchors, so paging works without JavaScript. Stamped (Stamped.tsx): one
 * markup per arrangement (whether previous and next lead anywhere, where the gaps are, which number is
 * current) and language, the links and numbers filled in: every list page has these twenty-odd elements.
 */
export function Pagination({ page, pages, href }: PaginationProps) {
  const { t } = useTranslation('content');
  if (pages <= 1 && page <= 1) return null;
  const last = Math.max(pages, 1);
  const shown = pageWindow(Math.min(page, last), last);
  const [first, final] = [page <= 1, page >= last];
  const holes = [first ? '' : href(Math.min(page - 1, last)), final ? '' : href(page + 1)];
  for (const p of shown) if (p !== null) holes.push(href(p), String(p));
  const shape = `${Number(first)}${Number(final)} ${shown.map((p) => (p === null ? '-' : p === page ? 'c' : 'n')).join('')}`;
  return (
    <Stamped as="nav" label={t('pagination.label')} className="my-4" stampKey={`pages ${shape}`} holes={holes}>
      {([prev = '', next = '', ...numbers]) => <PageLinks shown={shown} page={page} first={first} final={final} values={{ prev, next, numbers }} />}
    </Stamped>
  );
}
