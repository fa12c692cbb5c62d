import type { ArticleDetail, ArticleList } from '../../shared/content.ts';
import { withLang } from '../../shared/i18n/links.ts';
import { CardList, Time, articleCard } from './cards.tsx';
import { DetailBody } from './Detail.tsx';
import { EmptyState } from './EmptyState.tsx';
import { FilterNav } from './FilterNav.tsx';
import { PageHeader } from './PageHeader.tsx';
import { Pagination } from './Pagination.tsx';
import { RichText, Text } from './Text.tsx';
import { pageHref } from './meta.ts';
import { useContentTexts } from './useContentTexts.ts';

type Section = 'news' | 'culture';

/** /news and /culture: category filter, cards and paging. */
export function ArticleListPage({ data, section }: { data: ArticleList; section: Section }) {
  const { t, tc, lang } = useContentTexts();
  const base = `/${section}`;
  const { list, categories, category } = data;
  const href = (page: number, cat: number | null = category) => pageHref(base, { category: cat, page }, lang);
  const title = tc(`title.${section}`);
  return (
    <>
      <PageHeader title={title} lead={t(`${section}.lead`)} crumbs={[{ label: title }]}>
        {section === 'news' && (
          <p className="small mt-2 mb-0">
            <a href={withLang('/news/rss.xml', lang, true)} type="application/rss+xml">
              {t('news.rss')}
            </a>
          </p>
        )}
      </PageHeader>
      <div className="container">
        {categories.length > 0 && (
          <FilterNav
            label={t('meta.category')}
            options={[
              { key: 'all', label: t('list.all'), href: href(1, null), active: category === null },
              ...categories.map((c) => ({ key: String(c.id), label: c.name, href: href(1, c.id), active: category === c.id })),
            ]}
          />
        )}
        {list.items.length === 0 ? (
          <EmptyState firstHref={list.page > 1 ? href(1) : null} />
        ) : (
          <CardList items={list.items} make={(item, place, context) => articleCard(item, `${base}/info`, place, context)} />
        )}
        <Pagination page={list.page} pages={list.pages} href={(p) => href(p)} />
      </div>
    </>
  );
}

/** /news/info and /culture/info. */
export function ArticleDetailPage({ item, section }: { item: ArticleDetail; section: Section }) {
  const { t, tc, lang } = useContentTexts();
  const base = `/${section}`;
  return (
    <>
      <PageHeader
        title={<Text value={item.title} />}
        crumbs={[
          { label: tc(`title.${section}`), href: withLang(base, lang) },
          ...(item.category ? [{ label: item.category.name, href: pageHref(base, { category: item.category.id }, lang) }] : []),
        ]}
      >
        <p className="small mt-2 mb-0">
          {t('meta.published')}: <Time seconds={item.publishTime} />
        </p>
      </PageHeader>
      <DetailBody
        lead={item.summary}
        cover={item.cover}
        asideLabelledBy="related-title"
        aside={
          item.related.length > 0 && (
            <>
              <h2 id="related-title" className="h5 mb-3">
                {t(`${section}.related`)}
              </h2>
              <ul className="related-list">
                {item.related.map((r) => (
                  <li key={r.id}>
                    <a href={pageHref(`${base}/info`, { id: r.id }, lang)}>
                      <Text value={r.title} />
                    </a>
                    <Time className="d-block small" seconds={r.publishTime} />
                  </li>
                ))}
              </ul>
            </>
          )
        }
      >
        <RichText value={item.content} />
      </DetailBody>
    </>
  );
}
