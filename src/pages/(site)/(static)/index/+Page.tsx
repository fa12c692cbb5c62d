import { useTranslation } from 'react-i18next';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../shared/i18n/links.ts';
import { PUBLIC_SECTIONS } from '../../../../shared/sections.ts';
import { ArticleCardView, CardGrid } from '../../../../components/content/cards.tsx';
import { FeaturedTrails, HomeSection, UpcomingActivities } from '../../../../components/content/HomeSections.tsx';
import type { Data } from './+data.ts';

const FACTS = ['began', 'heritage', 'sites', 'provinces'] as const;

export default function Page() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation('common');
  const { t: tn } = useTranslation('content');
  const { lang, site } = usePageContext();
  const home = useData<Data>();
  return (
    <>
      <section className="hero">
        <div className="container">
          <p className="kicker mb-2">{t('home.heroKicker')}</p>
          <h1 className="fw-bold mb-3">{site.siteName}</h1>
          <p className="lead mb-4">{t('home.heroLead')}</p>
          <div className="d-flex flex-wrap gap-2">
            <a className="btn btn-light" href={withLang('/about', lang)}>
              {t('home.heroAbout')}
            </a>
            <a className="btn btn-outline-light" href={withLang('/canal', lang)}>
              {t('home.heroTour')}
            </a>
          </div>
          <p className="small mt-3 mb-0">
            <a className="link-light" href={withLang('/index2', lang)}>
              {tn('home.magazine')}
            </a>
          </p>
        </div>
      </section>
      <section className="container my-5" aria-labelledby="facts-title">
        <h2 id="facts-title" className="h4 mb-4">
          {t('home.factsTitle')}
        </h2>
        <div className="row g-4">
          {FACTS.map((f) => (
            <div key={f} className="col-sm-6 col-lg-3">
              <div className="fact">
                <div className="fact-value">{t(`home.facts.${f}Value`)}</div>
                <div className="small text-body-secondary">{t(`home.facts.${f}Label`)}</div>
              </div>
            </div>
          ))}
        </div>
      </section>
      <HomeSection id="news-title" title={tn('home.latestNews')} moreHref="/news">
        <CardGrid>
          {home.news.slice(0, 3).map((item) => (
            <div className="col" key={item.id}>
              <ArticleCardView item={item} path="/news/info" />
            </div>
          ))}
        </CardGrid>
      </HomeSection>
      <UpcomingActivities id="upcoming-title" items={home.activities} />
      <FeaturedTrails id="trails-title" items={home.trails} />
      <section className="container my-5" aria-labelledby="sections-title">
        <h2 id="sections-title" className="h4 mb-4">
          {t('home.sectionsTitle')}
        </h2>
        <div className="row g-3">
          {PUBLIC_SECTIONS.filter((s) => s.key !== 'home' && s.key !== 'about').map((s) => (
            <div key={s.key} className="col-sm-6 col-lg-4">
              <div className="card section-card">
                <div className="card-body">
                  <h3 className="h5 card-title">
                    <a href={withLang(s.path, lang)} className="stretched-link">
                      {tc(`title.${s.key}`)}
                    </a>
                  </h3>
                  <p className="card-text small text-body-secondary mb-0">{t(`home.sections.${s.key}`)}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
