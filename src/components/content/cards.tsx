import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { type ActivityCard, type ArticleCard, type CanalCard, type CityCard, type LocalText, type TrailCard } from '../../shared/content.ts';
import { formatDate, isoDate } from '../../shared/time.ts';
import { Cover } from './Cover.tsx';
import { Text } from './Text.tsx';
import { pageHref } from './meta.ts';
import { formatDuration, formatKm } from './format.ts';

/** A date of the page's content, in the site's time zone and the page's language. */
export function Time({ seconds, className }: { seconds: number; className?: string }) {
  const { lang, site } = usePageContext();
  return (
    <time className={className} dateTime={isoDate(seconds, site.timeZone)}>
      {formatDate(lang, seconds, site.timeZone)}
    </time>
  );
}

/** A start–end date range, collapsed to one date when the activity fits in a day. */
export function DateRange({ start, end }: { start: number; end: number }) {
  const { site } = usePageContext();
  if (isoDate(start, site.timeZone) === isoDate(end, site.timeZone)) return <Time seconds={start} />;
  return (
    <>
      <Time seconds={start} /> – <Time seconds={end} />
    </>
  );
}

interface ContentCardProps {
  /** No cover: a text-only card. */
  cover?: string;
  /** The line above the title (category, date, canal...). */
  meta?: ReactNode;
  title: LocalText;
  href: string;
  headingLevel?: 2 | 3;
  summary: LocalText;
  /** What follows the summary (place, trail facts). */
  children?: ReactNode;
  /** The first card of a list: its cover is the page's largest paint. */
  eager?: boolean;
}

/** How a list places its cards: under the page's h1 (level 2) or under a section's h2 (level 3), first or not. */
export interface CardPlace {
  headingLevel?: 2 | 3;
  eager?: boolean;
}

/** The card every content list shows: cover, meta line, linked title, summary. The whole card is the link. */
function ContentCard({ cover, meta, title, href, headingLevel = 3, summary, children, eager = false }: ContentCardProps) {
  const H = `h${headingLevel}` as const;
  return (
    <article className="card content-card h-100">
      {cover !== undefined && <Cover src={cover} eager={eager} />}
      <div className="card-body">
        {meta && <p className="card-meta small mb-1">{meta}</p>}
        <H className={`${cover === undefined ? 'h6' : 'h5'} card-title`}>
          <a className="stretched-link" href={href}>
            <Text value={title} />
          </a>
        </H>
        <p className={`card-text small ${children ? 'mb-1' : 'mb-0'}`}>
          <Text value={summary} />
        </p>
        {children}
      </div>
    </article>
  );
}

/** News and culture cards; `path` is the detail route. */
export function ArticleCardView({ item, path, headingLevel = 3, eager }: { item: ArticleCard; path: string } & CardPlace) {
  const { lang } = usePageContext();
  const meta = (
    <>
      {item.category && (
        <span className="me-2">
          <Text value={item.category.name} />
        </span>
      )}
      <Time seconds={item.publishTime} />
    </>
  );
  return <ContentCard cover={item.cover} meta={meta} title={item.title} href={pageHref(path, { id: item.id }, lang)} headingLevel={headingLevel} summary={item.summary} eager={eager} />;
}

export function StageBadge({ stage }: { stage: ActivityCard['stage'] }) {
  const { t } = useTranslation('content');
  return <span className={`badge stage-badge stage-${stage}`}>{t(`brand.stage.${stage}`)}</span>;
}

export function ActivityCardView({ item, headingLevel, eager }: { item: ActivityCard } & CardPlace) {
  const { lang } = usePageContext();
  const meta = (
    <>
      <StageBadge stage={item.stage} /> <DateRange start={item.startTime} end={item.endTime} />
    </>
  );
  return (
    <ContentCard cover={item.cover} meta={meta} title={item.title} href={pageHref('/brand/info', { id: item.id }, lang)} summary={item.summary} headingLevel={headingLevel} eager={eager}>
      <p className="card-meta small mb-0">
        <Text value={item.place} />
      </p>
    </ContentCard>
  );
}

/** Distance, time and difficulty of a trail, as a definition list. */
export function TrailFacts({ item }: { item: TrailCard }) {
  const { t } = useTranslation('content');
  return (
    <dl className="trail-facts small mb-0">
      {item.lengthKm !== null && (
        <div>
          <dt>{t('trail.length')}</dt>
          <dd>{formatKm(t, item.lengthKm)}</dd>
        </div>
      )}
      {item.durationMin !== null && (
        <div>
          <dt>{t('trail.duration')}</dt>
          <dd>{formatDuration(t, item.durationMin)}</dd>
        </div>
      )}
      <div>
        <dt>{t('trail.difficultyLabel')}</dt>
        <dd>
          <span className={`difficulty difficulty-${item.difficulty}`}>{t(`trail.difficulty.${item.difficulty}`)}</span>
        </dd>
      </div>
    </dl>
  );
}

export function TrailCardView({ item, headingLevel, eager }: { item: TrailCard } & CardPlace) {
  const { lang } = usePageContext();
  const meta = (
    <>
      {item.canal && <Text value={item.canal.name} />}
      {item.city && (
        <>
          {' · '}
          <Text value={item.city.name} />
        </>
      )}
    </>
  );
  return (
    <ContentCard cover={item.cover} meta={meta} title={item.title} href={pageHref('/trail/info', { id: item.id }, lang)} summary={item.summary} headingLevel={headingLevel} eager={eager}>
      <TrailFacts item={item} />
    </ContentCard>
  );
}

export function CanalCardView({ item, headingLevel, eager }: { item: CanalCard } & CardPlace) {
  const { lang } = usePageContext();
  return <ContentCard cover={item.cover} meta={<Text value={item.era} />} title={item.name} href={pageHref('/canals/info', { id: item.id }, lang)} summary={item.summary} headingLevel={headingLevel} eager={eager} />;
}

export function CityCardView({ item }: { item: CityCard }) {
  const { lang } = usePageContext();
  return <ContentCard title={item.name} href={pageHref('/canals/info/city', { id: item.id }, lang)} summary={item.summary} />;
}

/** A responsive grid of cards; each child is one `.col`. */
export function CardGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={`row g-4 ${wide ? 'row-cols-1 row-cols-md-2' : 'row-cols-1 row-cols-sm-2 row-cols-lg-3'}`}>{children}</div>;
}
