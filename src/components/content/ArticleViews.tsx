import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { ArticleDetail, ArticleList, LocalText } from '../../shared/content.ts';
import { withLang } from '../../shared/i18n/links.ts';
import type { Modelled, PageContextOfModel } from '../../shared/pageModel.ts';
import { dateForms, type DateForms } from '../../shared/time.ts';
import { CardList, TimeView, articleCardModel, articleCardOf, type ArticleCardModel } from './cards.tsx';
import { DetailBody } from './Detail.tsx';
import { EmptyState } from './EmptyState.tsx';
import { FilterNav } from './FilterNav.tsx';
import { PageHeader } from './PageHeader.tsx';
import { PaginationView, paginationModel, type PaginationModel } from './Pagination.tsx';
import { RichText, Text } from './Text.tsx';
import { pageHref } from './meta.ts';
import { useContentTexts } from './useContentTexts.ts';

type Section = 'news' | 'culture';

/** What /news and /culture show (shared/pageModel.ts): the category filter (null: no categories), the cards, the paging. */
type ArticleListModel = {
  filter: { href: string; name: LocalText | null; active: boolean }[] | null;
  cards: ArticleCardModel[];
  /** When the page holds no card: the link back to the first page (null on the first page). */
  firstHref: string | null;
  pagination: PaginationModel | null;
};

function articleListModel({ list, categories, category }: ArticleList, section: Section, pageContext: PageContextOfModel): ArticleListModel {
  const { lang } = pageContext;
  const base = `/${section}`;
  const href = (page: number, cat: number | null = category) => pageHref(base, { category: cat, page }, lang);
  return {
    filter: categories.length === 0 ? null : [{ href: href(1, null), name: null, active: category === null }, ...categories.map((c) => ({ href: href(1, c.id), name: c.name, active: category === c.id }))],
    cards: list.items.map((item) => articleCardModel(item, `${base}/info`, pageContext)),
    firstHref: list.page > 1 ? href(1) : null,
    pagination: paginationModel({ page: list.page, pages: list.pages, href }),
  };
}

/** /news and /culture: category filter, cards and paging. */
function ArticleListView({ model, section }: { model: ArticleListModel; section: Section }) {
  const { t, tc, lang } = useContentTexts();
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
        {model.filter && (
          <FilterNav
            label={t('meta.category')}
            options={model.filter.map((option, i) => ({ key: String(i), label: option.name ?? t('list.all'), href: option.href, active: option.active }))}
          />
        )}
        {model.cards.length === 0 ? <EmptyState firstHref={model.firstHref} /> : <CardList items={model.cards} make={articleCardOf} />}
        {model.pagination && <PaginationView model={model.pagination} />}
      </div>
    </>
  );
}

/** What /news/info and /culture/info show (shared/pageModel.ts). */
type ArticleDetailModel = {
  title: LocalText;
  category: { href: string; name: LocalText } | null;
  published: DateForms;
  summary: LocalText;
  cover: string;
  related: { href: string; title: LocalText; published: DateForms }[];
  /** The story's rich text: its markup, and whether it fell back to Chinese. */
  content: { html: { __html: string }; fallback: boolean };
};

function articleDetailModel(item: ArticleDetail, section: Section, { lang, site }: PageContextOfModel): ArticleDetailModel {
  const base = `/${section}`;
  return {
    title: item.title,
    category: item.category && { href: pageHref(base, { category: item.category.id }, lang), name: item.category.name },
    published: dateForms(lang, item.publishTime, site.timeZone),
    summary: item.summary,
    cover: item.cover,
    related: item.related.map((r) => ({ href: pageHref(`${base}/info`, { id: r.id }, lang), title: r.title, published: dateForms(lang, r.publishTime, site.timeZone) })),
    content: { html: { __html: item.content.text }, fallback: item.content.fallback },
  };
}

/** /news/info and /culture/info. */
function ArticleDetailView({ model, section }: { model: ArticleDetailModel; section: Section }) {
  const { t, tc, lang } = useContentTexts();
  const base = `/${section}`;
  return (
    <>
      <PageHeader title={<Text value={model.title} />} crumbs={[{ label: tc(`title.${section}`), href: withLang(base, lang) }, ...(model.category ? [{ label: model.category.name, href: model.category.href }] : [])]}>
        <p className="small mt-2 mb-0">
          {t('meta.published')}: <TimeView {...model.published} />
        </p>
      </PageHeader>
      <DetailBody
        lead={model.summary}
        cover={model.cover}
        asideLabelledBy="related-title"
        aside={
          model.related.length > 0 && (
            <>
              <h2 id="related-title" className="h5 mb-3">
                {t(`${section}.related`)}
              </h2>
              <ul className="related-list">
                {model.related.map((r, i) => (
                  <li key={i}>
                    <a href={r.href}>
                      <Text value={r.title} />
                    </a>
                    <TimeView className="d-block small" {...r.published} />
                  </li>
                ))}
              </ul>
            </>
          )
        }
      >
        <RichText value={{ text: model.content.html.__html, fallback: model.content.fallback }} />
      </DetailBody>
    </>
  );
}

/**
 * A page of articles as Vike's +Page: the view of its model (shared/pageModel.ts), which `modelOf` makes from
 * the page's data unless the static renderer gives it.
 */
function articlePage<D, M extends ArticleListModel | ArticleDetailModel>(modelOf: (data: D, pageContext: PageContextOfModel) => M, View: (props: { model: M }) => ReactNode) {
  const model = (pageContext: PageContextOfModel) => modelOf(pageContext.data as D, pageContext);
  function Page(props: { model?: M }) {
    const pageContext = usePageContext();
    return <View model={props.model ?? model(pageContext)} />;
  }
  Page.model = model;
  return Page satisfies Modelled<M>;
}

export const articleListPage = (section: Section) =>
  articlePage((data: ArticleList, pageContext) => articleListModel(data, section, pageContext), ({ model }: { model: ArticleListModel }) => <ArticleListView model={model} section={section} />);

export const articleDetailPage = (section: Section) =>
  articlePage((data: { item: ArticleDetail }, pageContext) => articleDetailModel(data.item, section, pageContext), ({ model }: { model: ArticleDetailModel }) => <ArticleDetailView model={model} section={section} />);
