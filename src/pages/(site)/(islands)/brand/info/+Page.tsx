import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../../shared/i18n/links.ts';
import { DateRange, StageBadge } from '../../../../../components/content/cards.tsx';
import { DetailBody } from '../../../../../components/content/Detail.tsx';
import { PageHeader } from '../../../../../components/content/PageHeader.tsx';
import { RichText, Text } from '../../../../../components/content/Text.tsx';
import { useContentTexts } from '../../../../../components/content/useContentTexts.ts';
import { Island } from '../../../../../components/Island.tsx';
import ActivitySignup from '../../../../../islands/ActivitySignup.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { item } = useData<Data>();
  const { t, tc, lang } = useContentTexts();
  const { site } = usePageContext();
  return (
    <>
      <PageHeader title={<Text value={item.title} />} crumbs={[{ label: tc('title.brand'), href: withLang('/brand', lang) }]}>
        <p className="mt-2 mb-0">
          <StageBadge stage={item.stage} />
        </p>
      </PageHeader>
      <DetailBody
        lead={item.summary}
        cover={item.cover}
        aside={
          <>
            <dl className="fact-box">
              <dt>{t('brand.time')}</dt>
              <dd>
                <DateRange start={item.startTime} end={item.endTime} />
              </dd>
              <dt>{t('brand.place')}</dt>
              <dd>
                <Text value={item.place} />
              </dd>
              <dt>{t('brand.stageLabel')}</dt>
              <dd>{t(`brand.stage.${item.stage}`)}</dd>
            </dl>
            {item.signup && item.stage !== 'ended' && (
              <Island
                name="ActivitySignup"
                component={ActivitySignup}
                props={{
                  id: item.id,
                  facts: item.signup,
                  timeZone: site.timeZone,
                  loginHref: withLang(`/user/login?redirect=${encodeURIComponent(`/brand/info?id=${item.id}`)}`, lang),
                  activitiesHref: withLang('/user/account/activity', lang),
                }}
              />
            )}
          </>
        }
      >
        <RichText value={item.content} />
      </DetailBody>
    </>
  );
}
