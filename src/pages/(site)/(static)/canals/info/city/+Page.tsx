import { useData } from 'vike-react/useData';
import { withLang } from '../../../../../../shared/i18n/links.ts';
import { CardGrid, TrailCardView } from '../../../../../../components/content/cards.tsx';
import { DetailBody, LinkedFact, TitledSection } from '../../../../../../components/content/Detail.tsx';
import { PageHeader } from '../../../../../../components/content/PageHeader.tsx';
import { LineList, Paragraphs, Text } from '../../../../../../components/content/Text.tsx';
import { pageHref } from '../../../../../../components/content/meta.ts';
import { useContentTexts } from '../../../../../../components/content/useContentTexts.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { item } = useData<Data>();
  const { t, tc, lang } = useContentTexts();
  const canal = item.canal && { name: item.canal.name, href: pageHref('/canals/info', { id: item.canal.id }, lang) };
  return (
    <>
      <PageHeader
        title={<Text value={item.name} />}
        lead={<Text value={item.summary} />}
        crumbs={[{ label: tc('title.canals'), href: withLang('/canals', lang) }, ...(canal ? [{ label: canal.name, href: canal.href }] : [])]}
      />
      <DetailBody
        cover={item.cover}
        aside={
          <>
            <dl className="fact-box">
              {canal && <LinkedFact term={t('city.canal')} href={canal.href} name={canal.name} />}
              <dt>{t('city.coordinates')}</dt>
              <dd>{t('city.latLng', { latitude: item.lat.toFixed(2), longitude: item.lng.toFixed(2) })}</dd>
            </dl>
            <h2 className="h5">{t('city.heritage')}</h2>
            <LineList value={item.heritage} className="heritage-list" />
            <p className="small">
              <a href={withLang(`/canal#stop-${item.id}`, lang)}>{t('canals.onMap')}</a>
            </p>
          </>
        }
        after={
          item.trails.length > 0 && (
            <TitledSection id="trails" title={t('city.trails')}>
              <CardGrid>
                {item.trails.map((trail) => (
                  <div className="col" key={trail.id}>
                    <TrailCardView item={trail} />
                  </div>
                ))}
              </CardGrid>
            </TitledSection>
          )
        }
      >
        <Paragraphs value={item.intro} />
      </DetailBody>
    </>
  );
}
