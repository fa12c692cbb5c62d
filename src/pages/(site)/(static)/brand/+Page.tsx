import { useData } from 'vike-react/useData';
import { ACTIVITY_STAGES } from '../../../../shared/content.ts';
import { CardList, activityCard } from '../../../../components/content/cards.tsx';
import { EmptyState } from '../../../../components/content/EmptyState.tsx';
import { FilterNav } from '../../../../components/content/FilterNav.tsx';
import { PageHeader } from '../../../../components/content/PageHeader.tsx';
import { Pagination } from '../../../../components/content/Pagination.tsx';
import { pageHref } from '../../../../components/content/meta.ts';
import { useContentTexts } from '../../../../components/content/useContentTexts.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { stage, list } = useData<Data>();
  const { t, tc, lang } = useContentTexts();
  const href = (page: number, s: string | null = stage) => pageHref('/brand', { stage: s, page }, lang);
  return (
    <>
      <PageHeader title={tc('title.brand')} lead={t('brand.lead')} crumbs={[{ label: tc('title.brand') }]} />
      <div className="container">
        <FilterNav
          label={t('brand.stageLabel')}
          options={[
            { key: 'all', label: t('list.all'), href: href(1, null), active: stage === null },
            ...ACTIVITY_STAGES.map((s) => ({ key: s, label: t(`brand.stage.${s}`), href: href(1, s), active: stage === s })),
          ]}
        />
        {list.items.length === 0 ? (
          <EmptyState firstHref={list.page > 1 ? href(1) : null} />
        ) : (
          <CardList items={list.items} make={activityCard} />
        )}
        <Pagination page={list.page} pages={list.pages} href={(p) => href(p)} />
      </div>
    </>
  );
}
