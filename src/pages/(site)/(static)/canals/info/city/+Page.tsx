import { useTranslation } from 'react-i18next';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../../../shared/i18n/links.ts';
import { CardGrid, TrailCardView } from '../../../../../../components/content/cards.tsx';
import { Cover } from '../../../../../../components/content/Cover.tsx';
import { PageHeader } from '../../../../../../components/content/PageHeader.tsx';
import { LineList, Paragraphs, Text } from '../../../../../../components/content/Text.tsx';
import { pageHref } from '../../../../../../components/content/meta.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { item } = useData<Data>();
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const { lang } = usePageContext();
  return (
    <>
      <PageHeader
        title={<Text value={item.name} />}
        lead={<Text value={item.summary} />}
        crumbs={[
          { label: tc('title.canals'), href: withLang('/canals', lang) },
          ...(item.canal ? [{ label: <Text value={item.canal.name} />, href: pageHref('/canals/info', { id: item.canal.id }, lang) }] : []),
        ]}
      />
      <div className="container">
        <div className="row g-4 g-lg-5">
          <article className="col-lg-8">
            <Cover src={item.cover} className="cover detail-cover mb-4" eager />
            <Paragraphs value={item.intro} />
          </article>
          <aside className="col-lg-4">
            <dl className="fact-box">
              {item.canal && (
                <>
                  <dt>{t('city.canal')}</dt>
                  <dd>
                    <a href={pageHref('/canals/info', { id: item.canal.id }, lang)}>
                      <Text value={item.canal.name} />
                    </a>
                  </dd>
                </>
              )}
              <dt>{t('city.coordinates')}</dt>
              <dd>{t('city.latLng', { latitude: item.lat.toFixed(2), longitude: item.lng.toFixed(2) })}</dd>
            </dl>
            <h2 className="h5">{t('city.heritage')}</h2>
            <LineList value={item.heritage} className="heritage-list" />
            <p className="small">
              <a href={withLang(`/canal#stop-${item.id}`, lang)}>{t('canals.onMap')}</a>
            </p>
          </aside>
        </div>
        {item.trails.length > 0 && (
          <section aria-labelledby="trails-title" className="mt-5">
            <h2 id="trails-title" className="h4 mb-3">
              {t('city.trails')}
            </h2>
            <CardGrid>
              {item.trails.map((trail) => (
                <div className="col" key={trail.id}>
                  <TrailCardView item={trail} />
                </div>
              ))}
            </CardGrid>
          </section>
        )}
      </div>
    </>
  );
}
