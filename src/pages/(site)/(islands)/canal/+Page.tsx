import { useTranslation } from 'react-i18next';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Island } from '../../../../components/Island.tsx';
import { TitledSection } from '../../../../components/content/Detail.tsx';
import { PageHeader } from '../../../../components/content/PageHeader.tsx';
import { Text } from '../../../../components/content/Text.tsx';
import { pageHref } from '../../../../components/content/meta.ts';
import CanalMap, { tourStyles } from '../../../../islands/CanalMap.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { sections, stops } = useData<Data>();
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const { lang, cspNonce } = usePageContext();
  return (
    <>
      <PageHeader title={tc('title.canal')} lead={t('tour.lead')} crumbs={[{ label: tc('title.canal') }]} />
      <div className="container">
        {/* Places and colours of the map and the list: the CSP lets only a nonce'd style element set them. */}
        <style nonce={cspNonce ?? undefined}>{tourStyles(sections, stops)}</style>
        <Island name="CanalMap" component={CanalMap} props={{ lang, sections, stops }} fetched={{ url: '/api/index/tour', keys: ['sections', 'stops'] }} />
        {/* Without JavaScript the map's buttons do nothing: every city links to its page, which tells its story. */}
        <TitledSection id="stops" title={t('tour.stops')}>
          {sections.map((section) => (
            <div key={section.id} className="stop-group mb-3" data-section={section.id}>
              <h3 className="h6 mb-1">
                <a href={pageHref('/canals/info', { id: section.id }, lang)}>
                  <Text value={section.name} />
                </a>
              </h3>
              <ul className="list-inline mb-0">
                {stops
                  .filter((s) => s.canalId === section.id)
                  .map((s) => (
                    <li key={s.id} id={`stop-${s.id}`}>
                      <a href={pageHref('/canals/info/city', { id: s.id }, lang)}>
                        <Text value={s.name} />
                      </a>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </TitledSection>
      </div>
    </>
  );
}
