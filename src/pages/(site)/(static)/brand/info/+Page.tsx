import { useData } from 'vike-react/useData';
import { withLang } from '../../../../../shared/i18n/links.ts';
import { DateRange, StageBadge } from '../../../../../components/content/cards.tsx';
import { DetailBody } from '../../../../../components/content/Detail.tsx';
import { PageHeader } from '../../../../../components/content/PageHeader.tsx';
import { RichText, Text } from '../../../../../components/content/Text.tsx';
import { useContentTexts } from '../../../../../components/content/useContentTexts.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { item } = useData<Data>();
  const { t, tc, lang } = useContentTexts();
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
            {item.stage !== 'ended' && (
              <p className="small">
                {t('brand.signUp')}{' '}
                <a href={withLang('/user', lang)}>{t('brand.memberCentre')}</a>
              </p>
            )}
          </>
        }
      >
        <RichText value={item.content} />
      </DetailBody>
    </>
  );
}
