import { useTranslation } from 'react-i18next';

export interface PaginationProps {
  page: number;
  total: number;
  limit: number;
  /** The link of a page; the app's router turns it into in-app navigation. */
  hrefOf(page: number): string;
}

/** Page numbers to show: the first, the last, and two either side of the current one; 0 marks a gap. */
export function pageWindow(page: number, pages: number): number[] {
  const shown = new Set([1, pages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? [0, p] : [p]));
}

/** Page links under a list; nothing when everything fits on one page. */
export function Pagination({ page, total, limit, hrefOf }: PaginationProps) {
  const { t } = useTranslation('user');
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('list.pages')} className="mt-3">
      <ul className="pagination flex-wrap mb-0">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          {page <= 1 ? (
            <span className="page-link">{t('list.previous')}</span>
          ) : (
            <a className="page-link" href={hrefOf(page - 1)} rel="prev">
              {t('list.previous')}
            </a>
          )}
        </li>
        {pageWindow(page, pages).map((p, i) =>
          p === 0 ? (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={p} className={`page-item${p === page ? ' active' : ''}`}>
              <a className="page-link" href={hrefOf(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('list.pageN', { page: p })}>
                {p}
              </a>
            </li>
          ),
        )}
        <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
          {page >= pages ? (
            <span className="page-link">{t('list.next')}</span>
          ) : (
            <a className="page-link" href={hrefOf(page + 1)} rel="next">
              {t('list.next')}
            </a>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** `?page=` of a location, 1 when missing or not a positive whole number. */
export function pageOf(search: string): number {
  const n = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(n) && n > 0 ? n : 1;
}
