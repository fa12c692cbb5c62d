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

/** A link of the window: where it goes, its number as shown, whether it is the current page; null for a gap. */
type WindowLink = { href: string; text: string; current: boolean } | null;

/** What the page links show (shared/pageModel.ts): previous and next (null: none), the window's links and gaps. */
export type PaginationModel = {
  prev: string | null;
  next: string | null;
  links: WindowLink[];
};

/** Null when there is one page only (and it is the one shown). */
export function paginationModel({ page, pages, href }: PaginationProps): PaginationModel | null {
  if (pages <= 1 && page <= 1) return null;
  const last = Math.max(pages, 1);
  return {
    prev: page <= 1 ? null : href(Math.min(page - 1, last)),
    next: page >= last ? null : href(page + 1),
    links: pageWindow(Math.min(page, last), last).map((p) => (p === null ? null : { href: href(p), text: String(p), current: p === page })),
  };
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

/** The links inside the <nav>: previous, the window's numbers and gaps, next; the model's words are the stamp's values. */
function PageLinks({ model, values }: { model: PaginationModel; values: readonly string[] }) {
  const { t } = useTranslation('content');
  const [prev = '', next = '', ...numbers] = values;
  let n = 0;
  return (
    <ul className="pagination justify-content-center flex-wrap">
      <StepLink rel="prev" href={model.prev === null ? null : prev} />
      {model.links.map((link, i) => {
        if (link === null) {
          return (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          );
        }
        const [href = '', text = ''] = numbers.slice(n, (n += 2));
        return (
          <li key={i} className={`page-item${link.current ? ' active' : ''}`}>
            <a className="page-link" href={href} aria-current={link.current ? 'page' : undefined} aria-label={t('pagination.page', { page: text })}>
              {text}
            </a>
          </li>
        );
      })}
      <StepLink rel="next" href={model.next === null ? null : next} />
    </ul>
  );
}

/**
 * Server-rendered page links; plain anchors, so paging works without JavaScript. Stamped (Stamped.tsx): one
 * markup per arrangement (whether previous and next lead anywhere, where the gaps are, which number is
 * current) and language, the links and numbers filled in: every list page has these twenty-odd elements.
 */
export function PaginationView({ model }: { model: PaginationModel }) {
  const { t } = useTranslation('content');
  const holes = [model.prev ?? '', model.next ?? ''];
  for (const link of model.links) if (link !== null) holes.push(link.href, link.text);
  const shape = `${Number(model.prev === null)}${Number(model.next === null)} ${model.links.map((l) => (l === null ? '-' : l.current ? 'c' : 'n')).join('')}`;
  return (
    <Stamped as="nav" label={t('pagination.label')} className="my-4" stampKey={`pages ${shape}`} holes={holes}>
      {(values) => <PageLinks model={model} values={values} />}
    </Stamped>
  );
}

export function Pagination(props: PaginationProps) {
  const model = paginationModel(props);
  return model && <PaginationView model={model} />;
}
