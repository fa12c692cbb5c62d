import { useData } from 'vike-react/useData';
import { MEMBER_KINDS } from '../../../../shared/content.ts';
import { CardGrid } from '../../../../components/content/cards.tsx';
import { EmptyState } from '../../../../components/content/EmptyState.tsx';
import { FilterNav } from '../../../../components/content/FilterNav.tsx';
import { PageHeader } from '../../../../components/content/PageHeader.tsx';
import { Pagination } from '../../../../components/content/Pagination.tsx';
import { Text } from '../../../../components/content/Text.tsx';
import { DEFAULT_COVER, pageHref } from '../../../../components/content/meta.ts';
import { useContentTexts } from '../../../../components/content/useContentTexts.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { kind, list } = useData<Data>();
  const { t, tc, lang } = useContentTexts();
  const href = (page: number, k: string | null = kind) => pageHref('/members', { kind: k, page }, lang);
  return (
    <>
      <PageHeader title={tc('title.members')} lead={t('members.lead')} crumbs={[{ label: tc('title.members') }]} />
      <div className="container">
        <FilterNav
          label={t('members.kindLabel')}
          options={[
            { key: 'all', label: t('list.all'), href: href(1, null), active: kind === null },
            ...MEMBER_KINDS.map((k) => ({ key: k, label: t(`members.kind.${k}`), href: href(1, k), active: kind === k })),
          ]}
        />
        {list.items.length === 0 ? (
          <EmptyState firstHref={list.page > 1 ? href(1) : null} />
        ) : (
          <CardGrid wide>
            {list.items.map((m) => (
              <div className="col" key={m.id}>
                <article className="card member-card h-100" id={`member-${m.id}`}>
                  <div className="card-body d-flex gap-3">
                    <img src={m.logo || DEFAULT_COVER} alt="" width={64} height={64} className="member-logo" loading="lazy" />
                    <div>
                      <h2 className="h5 card-title mb-1">
                        <Text value={m.name} />
                      </h2>
                      <p className="card-meta small mb-2">
                        <span className="badge text-bg-light me-2">{t(`members.kind.${m.kind}`)}</span>
                        <Text value={m.location} />
                      </p>
                      <p className="card-text small mb-2">
                        <Text value={m.intro} />
                      </p>
                      {m.website && (
                        <a className="small" href={m.website} rel="noopener noreferrer external" target="_blank">
                          {t('members.website')}
                        </a>
                      )}
                    </div>
                  </div>
                </article>
              </div>
            ))}
          </CardGrid>
        )}
        <Pagination page={list.page} pages={list.pages} href={(p) => href(p)} />
      </div>
    </>
  );
}
