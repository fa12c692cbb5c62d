import { useData } from 'vike-react/useData';
import { Time } from '../../../../components/content/cards.tsx';
import { Cover } from '../../../../components/content/Cover.tsx';
import { EmptyState } from '../../../../components/content/EmptyState.tsx';
import { PageHeader } from '../../../../components/content/PageHeader.tsx';
import { Pagination } from '../../../../components/content/Pagination.tsx';
import { RichText, Text } from '../../../../components/content/Text.tsx';
import { pageHref } from '../../../../components/content/meta.ts';
import { useContentTexts } from '../../../../components/content/useContentTexts.ts';
import type { Data } from './+data.ts';

/** Forum items are short: each is read in place (a <details> opens the full text), addressable as #forum-<id>. */
export default function Page() {
  const list = useData<Data>();
  const { t, tc, lang } = useContentTexts();
  const href = (page: number) => pageHref('/forum', { page }, lang);
  return (
    <>
      <PageHeader title={tc('title.forum')} lead={t('forum.lead')} crumbs={[{ label: tc('title.forum') }]} />
      <div className="container">
        {list.items.length === 0 ? (
          <EmptyState firstHref={list.page > 1 ? href(1) : null} />
        ) : (
          <div className="forum-list">
            {list.items.map((item) => (
              <article key={item.id} id={`forum-${item.id}`} className="forum-item row g-4 mb-4">
                <div className="col-md-4">
                  <Cover src={item.cover} />
                </div>
                <div className="col-md-8">
                  <p className="card-meta small mb-1">
                    <Time seconds={item.eventDate} />
                  </p>
                  <h2 className="h5">
                    <a href={`${href(list.page)}#forum-${item.id}`} className="text-reset" title={t('forum.link')}>
                      <Text value={item.title} />
                    </a>
                  </h2>
                  <p className="small mb-2">
                    {t('forum.speaker')}: <Text value={item.speaker} />
                  </p>
                  <p className="mb-2">
                    <Text value={item.summary} />
                  </p>
                  <details>
                    <summary>{t('forum.readMore')}</summary>
                    <div className="mt-2">
                      <RichText value={item.content} />
                    </div>
                  </details>
                </div>
              </article>
            ))}
          </div>
        )}
        <Pagination page={list.page} pages={list.pages} href={href} />
      </div>
    </>
  );
}
