import { useData } from 'vike-react/useData';
import { DIFFICULTIES } from '../../../../shared/content.ts';
import { withLang } from '../../../../shared/i18n/links.ts';
import { CardList, trailCard } from '../../../../components/content/cards.tsx';
import { EmptyState } from '../../../../components/content/EmptyState.tsx';
import { FilterNav } from '../../../../components/content/FilterNav.tsx';
import { PageHeader } from '../../../../components/content/PageHeader.tsx';
import { Pagination } from '../../../../components/content/Pagination.tsx';
import { pageHref } from '../../../../components/content/meta.ts';
import { useContentTexts } from '../../../../components/content/useContentTexts.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { difficulty, list } = useData<Data>();
  const { t, tc, lang } = useContentTexts();
  const href = (page: number, d: string | null = difficulty) => pageHref('/trail', { difficulty: d, page }, lang);
  return (
    <>
      <PageHeader title={tc('title.trail')} lead={t('trail.lead')} crumbs={[{ label: tc('title.trail') }]}>
        <div className="apply-callout mt-3">
          <p className="mb-2 small">{t('trail.applyText')}</p>
          <a className="btn btn-primary btn-sm" href={withLang('/trail/apply', lang)}>
            {t('trail.apply')}
          </a>
        </div>
      </PageHeader>
      <div className="container">
        <FilterNav
          label={t('trail.difficultyLabel')}
          options={[
            { key: 'all', label: t('list.all'), href: href(1, null), active: difficulty === null },
            ...DIFFICULTIES.map((d) => ({ key: d, label: t(`trail.difficulty.${d}`), href: href(1, d), active: difficulty === d })),
          ]}
        />
        {list.items.length === 0 ? (
          <EmptyState firstHref={list.page > 1 ? href(1) : null} />
        ) : (
          <CardList items={list.items} make={trailCard} />
        )}
        <Pagination page={list.page} pages={list.pages} href={(p) => href(p)} />
      </div>
    </>
  );
}
