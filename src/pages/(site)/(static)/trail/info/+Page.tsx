import { useTranslation } from 'react-i18next';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../../shared/i18n/links.ts';
import { TrailFacts } from '../../../../../components/content/cards.tsx';
import { Cover } from '../../../../../components/content/Cover.tsx';
import { PageHeader } from '../../../../../components/content/PageHeader.tsx';
import { RichText, Text } from '../../../../../components/content/Text.tsx';
import { pageHref } from '../../../../../components/content/meta.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { item } = useData<Data>();
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const { lang } = usePageContext();
  return (
    <>
      <PageHeader title={<Text value={item.title} />} crumbs={[{ label: tc('title.trail'), href: withLang('/trail', lang) }]} />
      <div className="container">
        <div className="row g-4 g-lg-5">
          <article className="col-lg-8">
            <p className="lead">
              <Text value={item.summary} />
            </p>
            <Cover src={item.cover} className="cover detail-cover mb-4" eager />
            <h2 className="h4">{t('trail.route')}</h2>
            <RichText value={item.route} />
            {item.gallery.length > 0 && (
              <section aria-labelledby="gallery-title" className="mt-4">
                <h2 id="gallery-title" className="h4">
                  {t('trail.gallery')}
                </h2>
                <div className="row g-2">
                  {item.gallery.map((src, i) => (
                    <div className="col-6 col-md-4" key={`${src}-${i}`}>
                      <Cover src={src} alt={t('trail.galleryItem', { n: i + 1 })} />
                    </div>
                  ))}
                </div>
              </section>
            )}
          </article>
          <aside className="col-lg-4">
            <div className="fact-box">
              <dl className="mb-3">
                {item.canal && (
                  <>
                    <dt>{t('trail.canal')}</dt>
                    <dd>
                      <a href={pageHref('/canals/info', { id: item.canal.id }, lang)}>
                        <Text value={item.canal.name} />
                      </a>
                    </dd>
                  </>
                )}
                {item.city && (
                  <>
                    <dt>{t('trail.city')}</dt>
                    <dd>
                      <a href={pageHref('/canals/info/city', { id: item.city.id }, lang)}>
                        <Text value={item.city.name} />
                      </a>
                    </dd>
                  </>
                )}
              </dl>
              <TrailFacts item={item} />
            </div>
            <p className="small mt-3">
              {t('trail.applyText')} <a href={withLang('/trail/apply', lang)}>{t('trail.apply')}</a>
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
