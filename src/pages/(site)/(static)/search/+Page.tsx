import { useTranslation } from 'react-i18next';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../shared/i18n/links.ts';
import { MAX_QUERY_LENGTH, MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE } from '../../../../shared/search.ts';
import { PUBLIC_SECTIONS } from '../../../../shared/sections.ts';
import { Time } from '../../../../components/content/cards.tsx';
import { PageHeader } from '../../../../components/content/PageHeader.tsx';
import { Pagination } from '../../../../components/content/Pagination.tsx';
import { pageHref } from '../../../../components/content/meta.ts';
import { SearchForm } from '../../../../components/SearchForm.tsx';
import type { Data } from './+data.ts';

/** Sections an empty search suggests instead: the ones with content to read. */
const SUGGESTED = PUBLIC_SECTIONS.filter((s) => s.key !== 'home');

/** /search: the form with the query kept, the results with their snippets, paging, and what to do when none. */
export default function Page() {
  const { query, page, problem, answer } = useData<Data>();
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation('common');
  const { lang } = usePageContext();
  const pages = Math.min(Math.ceil(answer.total / SEARCH_PAGE_SIZE), MAX_SEARCH_PAGE);
  const asked = query.trim() !== '';
  return (
    <>
      <PageHeader title={t('title')} crumbs={[{ label: t('title') }]}>
        <SearchForm id="search-page" query={query} className="search-page-form mt-3" />
      </PageHeader>
      <div className="container search-results">
        {problem === 'tooLong' ? (
          <p className="alert alert-warning" role="alert">
            {t('tooLong', { max: MAX_QUERY_LENGTH })}
          </p>
        ) : !asked ? (
          <p className="text-secondary">{t('prompt')}</p>
        ) : answer.total === 0 || answer.list.length === 0 ? (
          <div className="empty-state py-4">
            <p className="mb-2">{answer.total === 0 ? t('none', { query }) : t('pastEnd')}</p>
            <p className="mb-2">{t('suggest')}</p>
            <ul className="list-inline">
              {SUGGESTED.map((s) => (
                <li key={s.key} className="list-inline-item">
                  <a href={withLang(s.path, lang)}>{tc(`nav.${s.key}`)}</a>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <>
            <p className="text-secondary" role="status">
              {t(answer.capped ? 'countMore' : 'count', { query, total: answer.total.toLocaleString(lang) })}
            </p>
            <ol className="search-list list-unstyled" start={(page - 1) * SEARCH_PAGE_SIZE + 1}>
              {answer.list.map((r) => (
                <li key={`${r.type}-${r.id}`} className="search-item">
                  <p className="search-meta small text-secondary mb-1">
                    <span className="badge text-bg-light me-2">{r.typeName}</span>
                    {r.time > 0 && <Time seconds={r.time} />}
                  </p>
                  <h2 className="h5 mb-1">
                    <a href={r.url}>{r.title}</a>
                  </h2>
                  {/* Escaped text with the matched words in <mark> (shared/search.ts snippetOf). */}
                  {r.snippet && <p className="search-snippet mb-0" dangerouslySetInnerHTML={{ __html: r.snippet }} />}
                </li>
              ))}
            </ol>
          </>
        )}
        <Pagination page={page} pages={pages} href={(p) => pageHref('/search', { q: query, page: p }, lang)} />
      </div>
    </>
  );
}
