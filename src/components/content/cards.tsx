import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { type ActivityCard, type ArticleCard, type CanalCard, type CityCard, type LocalText, type TrailCard } from '../../shared/content.ts';
import { formatDate, isoDate } from '../../shared/time.ts';
import { Stamped } from '../Stamped.tsx';
import { Cover } from './Cover.tsx';
import { Text } from './Text.tsx';
import { DEFAULT_COVER, pageHref } from './meta.ts';
import { formatDuration, formatKm } from './format.ts';

/** A date as a machine reads it (`dateTime`) and as the page shows it. */
function TimeView({ dateTime, text, className }: { dateTime: string; text: string; className?: string }) {
  return (
    <time className={className} dateTime={dateTime}>
      {text}
    </time>
  );
}

/** A date of the page's content, in the site's time zone and the page's language. */
export function Time({ seconds, className }: { seconds: number; className?: string }) {
  const { lang, site } = usePageContext();
  return <TimeView className={className} dateTime={isoDate(seconds, site.timeZone)} text={formatDate(lang, seconds, site.timeZone)} />;
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

const CARD_CLASS = 'card content-card h-100';

/** What a content card's <article> holds: cover, meta line, linked title, summary. */
function ContentCardInside({ cover, meta, title, href, headingLevel = 3, summary, children, eager = false }: ContentCardProps) {
  const H = `h${headingLevel}` as const;
  return (
    <>
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
    </>
  );
}

/** The card every content list shows. The whole card is the link. */
function ContentCard(props: ContentCardProps) {
  return (
    <article className={CARD_CLASS}>
      <ContentCardInside {...props} />
    </article>
  );
}

/** The values of an article card, in the order of its holes when stamped. */
const ARTICLE_HOLES = ['cover', 'category', 'dateTime', 'date', 'href', 'title', 'summary'] as const;
type ArticleTexts = Record<(typeof ARTICLE_HOLES)[number], string>;

/**
 * News and culture cards; `path` is the detail route. A card is stamped (Stamped): rendered once per shape
 * (heading level, which texts fell back to Chinese, whether it has a category) and language, its texts
 * filled in for each card. The first card renders inline: React preloads its eager picture from the top of
 * the page, which a part rendered apart cannot reach.
 */
export function ArticleCardView({ item, path, headingLevel = 3, eager = false }: { item: ArticleCard; path: string } & CardPlace) {
  const { lang, site } = usePageContext();
  const { category } = item;
  const texts: ArticleTexts = {
    cover: item.cover || DEFAULT_COVER,
    category: category?.name.text ?? '',
    dateTime: isoDate(item.publishTime, site.timeZone),
    date: formatDate(lang, item.publishTime, site.timeZone),
    href: pageHref(path, { id: item.id }, lang),
    title: item.title.text,
    summary: item.summary.text,
  };
  const inside = (t: ArticleTexts) => {
    const meta = (
      <>
        {category && (
          <span className="me-2">
            <Text value={{ text: t.category, fallback: category.name.fallback }} />
          </span>
        )}
        <TimeView dateTime={t.dateTime} text={t.date} />
      </>
    );
    const title = { text: t.title, fallback: item.title.fallback };
    const summary = { text: t.summary, fallback: item.summary.fallback };
    return <ContentCardInside cover={t.cover} meta={meta} title={title} href={t.href} headingLevel={headingLevel} summary={summary} eager={eager} />;
  };
  if (eager) return <article className={CARD_CLASS}>{inside(texts)}</article>;
  const shape = [headingLevel, category ? Number(category.name.fallback) : '-', Number(item.title.fallback), Number(item.summary.fallback)].join(' ');
  return (
    <Stamped as="article" className={CARD_CLASS} stampKey={`article ${shape}`} holes={ARTICLE_HOLES.map((name) => texts[name])}>
      {(values) => inside(Object.fromEntries(ARTICLE_HOLES.map((name, i) => [name, values[i] ?? ''])) as ArticleTexts)}
    </Stamped>
  );
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
