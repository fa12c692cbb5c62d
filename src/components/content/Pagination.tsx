import { useTranslation } from 'react-i18next';

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

/** Server-rendered page links; plain anchors, so paging works without JavaScript. */
export function Pagination({ page, pages, href }: PaginationProps) {
  const { t } = useTranslation('content');
  if (pages <= 1 && page <= 1) return null;
  const last = Math.max(pages, 1);
  return (
    <nav aria-label={t('pagination.label')} className="my-4">
      <ul className="pagination justify-content-center flex-wrap">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          {page <= 1 ? (
            <span className="page-link">{t('pagination.prev')}</span>
          ) : (
            <a className="page-link" rel="prev" href={href(Math.min(page - 1, last))}>
              {t('pagination.prev')}
            </a>
          )}
        </li>
        {pageWindow(Math.min(page, last), last).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={p} className={`page-item${p === page ? ' active' : ''}`}>
              <a className="page-link" href={href(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('pagination.page', { page: p })}>
                {p}
              </a>
            </li>
          ),
        )}
        <li className={`page-item${page >= last ? ' disabled' : ''}`}>
          {page >= last ? (
            <span className="page-link">{t('pagination.next')}</span>
          ) : (
            <a className="page-link" rel="next" href={href(page + 1)}>
              {t('pagination.next')}
            </a>
          )}
        </li>
      </ul>
    </nav>
  );
}
