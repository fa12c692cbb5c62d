import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import type { ActivityCard, TrailCard } from '../../shared/content.ts';
import { withLang } from '../../shared/i18n/links.ts';
import { ActivityCardView, CardGrid, TrailCardView } from './cards.tsx';

/** The two home layouts draw their headings differently (plain or with a rule). */
export type HeadingStyle = 'plain' | 'rule';

/** A home-page section: heading, a "more" link to its list, and its content. */
export function HomeSection({ id, title, moreHref, heading = 'plain', children }: { id: string; title: string; moreHref: string; heading?: HeadingStyle; children: ReactNode }) {
  const { t } = useTranslation('content');
  const { lang } = usePageContext();
  return (
    <section className="container my-5" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id} className={`h4 mb-0${heading === 'rule' ? ' section-rule' : ''}`}>
          {title}
        </h2>
        {/* "More" alone says nothing out of context (a screen reader's list of links): the section names it. */}
        <a href={withLang(moreHref, lang)}>
          {t('list.more')}
          <span className="visually-hidden"> {title}</span>
        </a>
      </div>
      {children}
    </section>
  );
}

export function UpcomingActivities({ id, items, heading }: { id: string; items: ActivityCard[]; heading?: HeadingStyle }) {
  const { t } = useTranslation('content');
  return (
    <HomeSection id={id} title={t('home.upcoming')} moreHref="/brand" heading={heading}>
      {items.length === 0 ? (
        <p>{t('home.noUpcoming')}</p>
      ) : (
        <CardGrid>
          {items.map((item) => (
            <div className="col" key={item.id}>
              <ActivityCardView item={item} />
            </div>
          ))}
        </CardGrid>
      )}
    </HomeSection>
  );
}

export function FeaturedTrails({ id, items, heading }: { id: string; items: TrailCard[]; heading?: HeadingStyle }) {
  const { t } = useTranslation('content');
  return (
    <HomeSection id={id} title={t('home.featuredTrails')} moreHref="/trail" heading={heading}>
      <CardGrid>
        {items.map((item) => (
          <div className="col" key={item.id}>
            <TrailCardView item={item} />
          </div>
        ))}
      </CardGrid>
    </HomeSection>
  );
}
