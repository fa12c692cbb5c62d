import { useData } from 'vike-react/useData';
import { withLang } from '../../../../../shared/i18n/links.ts';
import { CardGrid, CityCardView } from '../../../../../components/content/cards.tsx';
import { DetailBody, TitledSection } from '../../../../../components/content/Detail.tsx';
import { PageHeader } from '../../../../../components/content/PageHeader.tsx';
import { LineList, RichText, Text } from '../../../../../components/content/Text.tsx';
import { formatKm } from '../../../../../components/content/format.ts';
import { useContentTexts } from '../../../../../components/content/useContentTexts.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { item } = useData<Data>();
  const { t, tc, lang } = useContentTexts();
  return (
    <>
      <PageHeader title={<Text value={item.name} />} lead={<Text value={item.summary} />} crumbs={[{ label: tc('title.canals'), href: withLang('/canals', lang) }]} />
      <DetailBody
        cover={item.cover}
        aside={
          <>
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
          </>
        }
        after={
          <TitledSection id="cities" title={t('canals.cities')}>
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
          </TitledSection>
        }
      >
        <RichText value={item.intro} />
      </DetailBody>
    </>
  );
}
