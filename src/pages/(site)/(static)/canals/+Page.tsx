import { useData } from 'vike-react/useData';
import { withLang } from '../../../../shared/i18n/links.ts';
import { CardList, canalCard } from '../../../../components/content/cards.tsx';
import { EmptyState } from '../../../../components/content/EmptyState.tsx';
import { PageHeader } from '../../../../components/content/PageHeader.tsx';
import { Pagination } from '../../../../components/content/Pagination.tsx';
import { pageHref } from '../../../../components/content/meta.ts';
import { useContentTexts } from '../../../../components/content/useContentTexts.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const list = useData<Data>();
  const { t, tc, lang } = useContentTexts();
  const href = (page: number) => pageHref('/canals', { page }, lang);
  return (
    <>
      <PageHeader title={tc('title.canals')} lead={t('canals.lead')} crumbs={[{ label: tc('title.canals') }]}>
        <p className="small mt-2 mb-0">
          <a href={withLang('/canal', lang)}>{t('canals.onMap')}</a>
        </p>
      </PageHeader>
      <div className="container">
        {list.items.length === 0 ? (
          <EmptyState firstHref={list.page > 1 ? href(1) : null} />
        ) : (
          <CardList items={list.items} make={canalCard} />
        )}
        <Pagination page={list.page} pages={list.pages} href={href} />
      </div>
    </>
  );
}
