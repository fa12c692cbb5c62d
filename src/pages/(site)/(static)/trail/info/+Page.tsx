import { useData } from 'vike-react/useData';
import { withLang } from '../../../../../shared/i18n/links.ts';
import { TrailFacts } from '../../../../../components/content/cards.tsx';
import { Cover } from '../../../../../components/content/Cover.tsx';
import { DetailBody, LinkedFact, TitledSection } from '../../../../../components/content/Detail.tsx';
import { PageHeader } from '../../../../../components/content/PageHeader.tsx';
import { RichText, Text } from '../../../../../components/content/Text.tsx';
import { pageHref } from '../../../../../components/content/meta.ts';
import { useContentTexts } from '../../../../../components/content/useContentTexts.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { item } = useData<Data>();
  const { t, tc, lang } = useContentTexts();
  return (
    <>
      <PageHeader title={<Text value={item.title} />} crumbs={[{ label: tc('title.trail'), href: withLang('/trail', lang) }]} />
      <DetailBody
        lead={item.summary}
        cover={item.cover}
        aside={
          <>
            <div className="fact-box">
              <dl className="mb-3">
                {item.canal && <LinkedFact term={t('trail.canal')} href={pageHref('/canals/info', { id: item.canal.id }, lang)} name={item.canal.name} />}
                {item.city && <LinkedFact term={t('trail.city')} href={pageHref('/canals/info/city', { id: item.city.id }, lang)} name={item.city.name} />}
              </dl>
              <TrailFacts item={item} />
            </div>
            <p className="small mt-3">
              {t('trail.applyText')} <a href={withLang('/trail/apply', lang)}>{t('trail.apply')}</a>
            </p>
          </>
        }
      >
        <h2 className="h4">{t('trail.route')}</h2>
        <RichText value={item.route} />
        {item.gallery.length > 0 && (
          <TitledSection id="gallery" title={t('trail.gallery')} className="mt-4" headingClassName="h4">
            <div className="row g-2">
              {item.gallery.map((src, i) => (
                <div className="col-6 col-md-4" key={`${src}-${i}`}>
                  <Cover src={src} alt={t('trail.galleryItem', { n: i + 1 })} />
                </div>
              ))}
            </div>
          </TitledSection>
        )}
      </DetailBody>
    </>
  );
}
