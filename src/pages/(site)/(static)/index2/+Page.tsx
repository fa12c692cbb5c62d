import { useTranslation } from 'react-i18next';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../shared/i18n/links.ts';
import { ArticleCardView, Time } from '../../../../components/content/cards.tsx';
import { FeaturedTrails, HomeSection, UpcomingActivities } from '../../../../components/content/HomeSections.tsx';
import { Cover } from '../../../../components/content/Cover.tsx';
import { Text } from '../../../../components/content/Text.tsx';
import { pageHref } from '../../../../components/content/meta.ts';
import type { Data } from './+data.ts';

/** The magazine layout of the home page: a lead story, a column of headlines and themed bands. */
export default function Page() {
  const home = useData<Data>();
  const { t } = useTranslation('public');
  const { t: tn } = useTranslation('content');
  const { lang, site } = usePageContext();
  const [lead, ...more] = home.news;
  return (
    <>
      <header className="magazine-masthead">
        <div className="container d-md-flex justify-content-between align-items-end gap-3">
          <div>
            <p className="kicker mb-1">{t('home.heroKicker')}</p>
            <h1 className="mb-0">{site.siteName}</h1>
          </div>
          <a className="small" href={withLang('/', lang)}>
            {tn('home.classic')}
          </a>
        </div>
      </header>
      <div className="container my-4">
        <div className="row g-4">
          {lead && (
            <article className="col-lg-8 lead-story">
              <p className="kicker small mb-2">{tn('home.leadStory')}</p>
              <a href={pageHref('/news/info', { id: lead.id }, lang)} className="text-reset text-decoration-none">
                <Cover src={lead.cover} className="cover mb-3" eager />
                <h2 className="h3">
                  <Text value={lead.title} />
                </h2>
              </a>
              <p className="lead">
                <Text value={lead.summary} />
              </p>
              <p className="small text-body-secondary">
                <Time seconds={lead.publishTime} />
              </p>
            </article>
          )}
          <aside className="col-lg-4" aria-labelledby="headlines-title">
            <h2 id="headlines-title" className="h5 section-rule">
              {tn('home.latestNews')}
            </h2>
            <ul className="related-list">
              {more.map((n) => (
                <li key={n.id}>
                  <a href={pageHref('/news/info', { id: n.id }, lang)}>
                    <Text value={n.title} />
                  </a>
                  <Time className="d-block small" seconds={n.publishTime} />
                </li>
              ))}
            </ul>
            <h2 className="h5 section-rule mt-4">{tn('home.canals')}</h2>
            <ul className="chip-list">
              {home.canals.map((c) => (
                <li key={c.id}>
                  <a href={pageHref('/canals/info', { id: c.id }, lang)}>
                    <Text value={c.name} />
                  </a>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </div>
      <HomeSection id="culture-title" title={tn('home.culture')} moreHref="/culture" heading="rule">
        <div className="row g-4 row-cols-1 row-cols-sm-2 row-cols-lg-4">
          {home.culture.map((item) => (
            <div className="col" key={item.id}>
              <ArticleCardView item={item} path="/culture/info" />
            </div>
          ))}
        </div>
      </HomeSection>
      <section className="band-light py-5" aria-labelledby="forum-title">
        <div className="container">
          <div className="section-head">
            <h2 id="forum-title" className="h4 mb-0 section-rule">
              {tn('home.forum')}
            </h2>
            <a href={withLang('/forum', lang)}>
              {tn('list.more')}
              <span className="visually-hidden"> {tn('home.forum')}</span>
            </a>
          </div>
          <div className="row g-4">
            {home.forum.map((f) => (
              <article className="col-md-4" key={f.id}>
                <h3 className="h6">
                  <a href={`${pageHref('/forum', {}, lang)}#forum-${f.id}`}>
                    <Text value={f.title} />
                  </a>
                </h3>
                <p className="small text-body-secondary mb-1">
                  <Text value={f.speaker} />
                </p>
                <p className="small mb-0">
                  <Text value={f.summary} />
                </p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <UpcomingActivities id="upcoming2-title" items={home.activities} heading="rule" />
      <FeaturedTrails id="trails2-title" items={home.trails} heading="rule" />
    </>
  );
}
