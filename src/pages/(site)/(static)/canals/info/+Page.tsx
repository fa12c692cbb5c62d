import { useTranslation } from 'react-i18next';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../../shared/i18n/links.ts';
import { CardGrid, CityCardView } from '../../../../../components/content/cards.tsx';
import { Cover } from '../../../../../components/content/Cover.tsx';
import { PageHeader } from '../../../../../components/content/PageHeader.tsx';
import { LineList, RichText, Text } from '../../../../../components/content/Text.tsx';
import { formatKm } from '../../../../../components/content/format.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { item } = useData<Data>();
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const { lang } = usePageContext();
  return (
    <>
      <PageHeader title={<Text value={item.name} />} lead={<Text value={item.summary} />} crumbs={[{ label: tc('title.canals'), href: withLang('/canals', lang) }]} />
      <div className="container">
        <div className="row g-4 g-lg-5">
          <article className="col-lg-8">
            <Cover src={item.cover} className="cover detail-cover mb-4" eager />
            <RichText value={item.intro} />
          </article>
          <aside className="col-lg-4">
            <dl className="fact-box">
              <dt>{t('canals.era')}</dt>
              <dd>
                <Text value={item.era} />
              </dd>
              {item.lengthKm !== null && (
                <>
                  <dt>{t('canals.length')}</dt>
                  <dd>{formatKm(t, item.lengthKm)}</dd>
                </>
              )}
              <dt>{t('canals.provinces')}</dt>
              <dd>
                <Text value={item.provinces} />
              </dd>
            </dl>
            <h2 className="h5">{t('canals.heritage')}</h2>
            <LineList value={item.heritage} className="heritage-list" />
            <p className="small">
              <a href={withLang('/canal', lang)}>{t('canals.onMap')}</a>
            </p>
          </aside>
        </div>
        <section aria-labelledby="cities-title" className="mt-5">
          <h2 id="cities-title" className="h4 mb-3">
            {t('canals.cities')}
          </h2>
          {item.cities.length === 0 ? (
            <p>{t('canals.noCities')}</p>
          ) : (
            <CardGrid>
              {item.cities.map((c) => (
                <div className="col" key={c.id}>
                  <CityCardView item={c} />
                </div>
              ))}
            </CardGrid>
          )}
        </section>
      </div>
    </>
  );
}
