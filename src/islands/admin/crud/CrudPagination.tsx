import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './listModel.ts';

export interface CrudPaginationProps {
  page: number;
  limit: number;
  total: number;
  /** The total is the server's estimate (more rows than it counts): shown as "about N". */
  estimated?: boolean;
  onPage(page: number): void;
  onLimit(limit: number): void;
  sizes?: readonly number[];
}

/** Page numbers to show: the first, the last, and two either side of the current one; 0 marks a gap. */
export function pageWindow(page: number, pages: number): number[] {
  const shown = new Set([1, pages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? [0, p] : [p]));
}

/**
 * Total, page size and page buttons under a list. An estimated total reads "about N"; its last page is where
 * the estimate ends, and the server answers a page past the real end with the exact total, so the list then
 * steps back to the real last page (useCrudList).
 */
export function CrudPagination({ page, limit, total, estimated = false, onPage, onLimit, sizes = PAGE_SIZES }: CrudPaginationProps) {
  const { t, i18n } = useTranslation('crud-ui');
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / limit));
  const button = (target: number, label: string, content: string, disabled: boolean, current = false, key?: number) => (
    <li key={key} className={`page-item${disabled ? ' disabled' : ''}${current ? ' active' : ''}`}>
      <button type="button" className="page-link" onClick={() => onPage(target)} disabled={disabled} aria-label={label} aria-current={current ? 'page' : undefined} data-page={target}>
        {content}
      </button>
    </li>
  );
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mt-3" data-pagination="">
      <span className="text-body-secondary small" data-total={total} data-estimated={estimated ? '' : undefined}>
        {estimated ? t('pagination.about', { count: total.toLocaleString(i18n.language) }) : t('pagination.total', { count: total })}
      </span>
      <label className="visually-hidden" htmlFor={sizeId}>
        {t('pagination.pageSize')}
      </label>
      <select id={sizeId} className="form-select form-select-sm w-auto" value={limit} onChange={(e) => onLimit(Number(e.target.value))} data-page-size="">
        {sizes.map((s) => (
          <option key={s} value={s}>
            {t('pagination.perPage', { size: s })}
          </option>
        ))}
      </select>
      <nav aria-label={t('pagination.label')} className="ms-sm-auto">
        <ul className="pagination pagination-sm flex-wrap mb-0">
          {button(page - 1, t('pagination.previous'), '‹', page <= 1)}
          {pageWindow(page, pages).map((p, i) =>
            p === 0 ? (
              <li key={`gap-${i}`} className="page-item disabled">
                <span className="page-link">…</span>
              </li>
            ) : (
              button(p, t('pagination.page', { page: p }), String(p), false, p === page, p)
            ),
          )}
          {button(page + 1, t('pagination.next'), '›', page >= pages)}
        </ul>
      </nav>
    </div>
  );
}
