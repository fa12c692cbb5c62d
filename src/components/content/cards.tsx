import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { type ActivityCard, type ArticleCard, type CanalCard, type CityCard, type LocalText, type TrailCard } from '../../shared/content.ts';
import { dateForms, type DateForms } from '../../shared/time.ts';
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
  return <TimeView className={className} {...dateForms(lang, seconds, site.timeZone)} />;
}

/** Two dates as a range, or one when `end` is left out. */
function DateRangeView({ start, end }: { start: DateForms; end?: DateForms }) {
  if (!end) return <TimeView {...start} />;
  return (
    <>
      <TimeView {...start} /> – <TimeView {...end} />
    </>
  );
}

/** A start–end date range, collapsed to one date when the activity fits in a day. */
export function DateRange({ start, end }: { start: number; end: number }) {
  const { lang, site } = usePageContext();
  const [from, to] = [dateForms(lang, start, site.timeZone), dateForms(lang, end, site.timeZone)];
  return <DateRangeView start={from} end={from.dateTime === to.dateTime ? undefined : to} />;
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

/** What differs between cards of one shape, by name: filled into the holes of the card's stamp. */
type CardTexts = Record<string, string>;

/** The texts' fallback marks, as a card's shape names them: which fell back to Chinese. */
const fallbacks = (...texts: (LocalText | null | undefined)[]) => texts.map((text) => (text ? Number(text.fallback) : '-')).join('');

/** A text of the card's own with the fallback mark of the item's. */
const textOf = (text: string, of: LocalText): LocalText => ({ text, fallback: of.fallback });

/**
 * The card every content list shows; the whole card is the link. It is stamped (Stamped): rendered once per
 * `shape` and language, and `texts` (its link, picture, title, dates...) filled in for each card. `shape`
 * names everything else the markup depends on (the kind of card, heading level, which texts fell back to
 * Chinese, which parts it has); `inside` renders what the <article> holds from texts, marks when stamped. The
 * first card of a list renders inline: React preloads its eager picture from the top of the page, which a
 * part rendered apart cannot reach.
 */
function ContentCard<T extends CardTexts>({ shape, texts, eager, inside }: { shape: string; texts: T; eager: boolean; inside: (texts: T) => ReactNode }) {
  if (eager) return <article className={CARD_CLASS}>{inside(texts)}</article>;
  const names = Object.keys(texts);
  return (
    <Stamped as="article" className={CARD_CLASS} stampKey={shape} holes={names.map((name) => texts[name]!)}>
      {(values) => inside(Object.fromEntries(names.map((name, i) => [name, values[i] ?? ''])) as T)}
    </Stamped>
  );
}

/** News and culture cards; `path` is the detail route. */
export function ArticleCardView({ item, path, headingLevel = 3, eager = false }: { item: ArticleCard; path: string } & CardPlace) {
  const { lang, site } = usePageContext();
  const { category } = item;
  const date = dateForms(lang, item.publishTime, site.timeZone);
  const texts = { cover: item.cover || DEFAULT_COVER, category: category?.name.text ?? '', dateTime: date.dateTime, date: date.text, href: pageHref(path, { id: item.id }, lang), title: item.title.text, summary: item.summary.text };
  const inside = (t: typeof texts) => {
    const meta = (
      <>
        {category && (
          <span className="me-2">
            <Text value={textOf(t.category, category.name)} />
          </span>
        )}
        <TimeView dateTime={t.dateTime} text={t.date} />
      </>
    );
    return <ContentCardInside cover={t.cover} meta={meta} title={textOf(t.title, item.title)} href={t.href} headingLevel={headingLevel} summary={textOf(t.summary, item.summary)} eager={eager} />;
  };
  return <ContentCard shape={`article ${headingLevel} ${fallbacks(category?.name, item.title, item.summary)}`} texts={texts} eager={eager} inside={inside} />;
}

export function StageBadge({ stage }: { stage: ActivityCard['stage'] }) {
  const { t } = useTranslation('content');
  return <span className={`badge stage-badge stage-${stage}`}>{t(`brand.stage.${stage}`)}</span>;
}

export function ActivityCardView({ item, headingLevel = 3, eager = false }: { item: ActivityCard } & CardPlace) {
  const { lang, site } = usePageContext();
  const [start, end] = [dateForms(lang, item.startTime, site.timeZone), dateForms(lang, item.endTime, site.timeZone)];
  const oneDay = start.dateTime === end.dateTime;
  const texts = { cover: item.cover || DEFAULT_COVER, startTime: start.dateTime, start: start.text, endTime: end.dateTime, end: end.text, href: pageHref('/brand/info', { id: item.id }, lang), title: item.title.text, summary: item.summary.text, place: item.place.text };
  const inside = (t: typeof texts) => {
    const meta = (
      <>
        <StageBadge stage={item.stage} /> <DateRangeView start={{ dateTime: t.startTime, text: t.start }} end={oneDay ? undefined : { dateTime: t.endTime, text: t.end }} />
      </>
    );
    return (
      <ContentCardInside cover={t.cover} meta={meta} title={textOf(t.title, item.title)} href={t.href} summary={textOf(t.summary, item.summary)} headingLevel={headingLevel} eager={eager}>
        <p className="card-meta small mb-0">
          <Text value={textOf(t.place, item.place)} />
        </p>
      </ContentCardInside>
    );
  };
  return <ContentCard shape={`activity ${headingLevel} ${item.stage} ${Number(oneDay)} ${fallbacks(item.title, item.summary, item.place)}`} texts={texts} eager={eager} inside={inside} />;
}

/** A trail's distance and time as the page words them (absent when unknown), and its difficulty. */
interface TrailFactTexts {
  length?: string;
  duration?: string;
  difficulty: TrailCard['difficulty'];
}

function TrailFactsView({ length, duration, difficulty }: TrailFactTexts) {
  const { t } = useTranslation('content');
  return (
    <dl className="trail-facts small mb-0">
      {length !== undefined && (
        <div>
          <dt>{t('trail.length')}</dt>
          <dd>{length}</dd>
        </div>
      )}
      {duration !== undefined && (
        <div>
          <dt>{t('trail.duration')}</dt>
          <dd>{duration}</dd>
        </div>
      )}
      <div>
        <dt>{t('trail.difficultyLabel')}</dt>
        <dd>
          <span className={`difficulty difficulty-${difficulty}`}>{t(`trail.difficulty.${difficulty}`)}</span>
        </dd>
      </div>
    </dl>
  );
}

function useTrailFactTexts(item: TrailCard): TrailFactTexts {
  const { t } = useTranslation('content');
  return {
    length: item.lengthKm === null ? undefined : formatKm(t, item.lengthKm),
    duration: item.durationMin === null ? undefined : formatDuration(t, item.durationMin),
    difficulty: item.difficulty,
  };
}

/** Distance, time and difficulty of a trail, as a definition list. */
export function TrailFacts({ item }: { item: TrailCard }) {
  return <TrailFactsView {...useTrailFactTexts(item)} />;
}

export function TrailCardView({ item, headingLevel = 3, eager = false }: { item: TrailCard } & CardPlace) {
  const { lang } = usePageContext();
  const facts = useTrailFactTexts(item);
  const { canal, city } = item;
  const texts = { cover: item.cover || DEFAULT_COVER, canal: canal?.name.text ?? '', city: city?.name.text ?? '', length: facts.length ?? '', duration: facts.duration ?? '', href: pageHref('/trail/info', { id: item.id }, lang), title: item.title.text, summary: item.summary.text };
  const inside = (t: typeof texts) => {
    const meta = (
      <>
        {canal && <Text value={textOf(t.canal, canal.name)} />}
        {city && (
          <>
            {' · '}
            <Text value={textOf(t.city, city.name)} />
          </>
        )}
      </>
    );
    return (
      <ContentCardInside cover={t.cover} meta={meta} title={textOf(t.title, item.title)} href={t.href} summary={textOf(t.summary, item.summary)} headingLevel={headingLevel} eager={eager}>
        <TrailFactsView length={facts.length === undefined ? undefined : t.length} duration={facts.duration === undefined ? undefined : t.duration} difficulty={item.difficulty} />
      </ContentCardInside>
    );
  };
  const parts = [facts.length === undefined ? 0 : 1, facts.duration === undefined ? 0 : 1].join('');
  return <ContentCard shape={`trail ${headingLevel} ${item.difficulty} ${parts} ${fallbacks(canal?.name, city?.name, item.title, item.summary)}`} texts={texts} eager={eager} inside={inside} />;
}

export function CanalCardView({ item, headingLevel = 3, eager = false }: { item: CanalCard } & CardPlace) {
  const { lang } = usePageContext();
  const texts = { cover: item.cover || DEFAULT_COVER, era: item.era.text, href: pageHref('/canals/info', { id: item.id }, lang), title: item.name.text, summary: item.summary.text };
  const inside = (t: typeof texts) => (
    <ContentCardInside cover={t.cover} meta={<Text value={textOf(t.era, item.era)} />} title={textOf(t.title, item.name)} href={t.href} summary={textOf(t.summary, item.summary)} headingLevel={headingLevel} eager={eager} />
  );
  return <ContentCard shape={`canal ${headingLevel} ${fallbacks(item.era, item.name, item.summary)}`} texts={texts} eager={eager} inside={inside} />;
}

export function CityCardView({ item }: { item: CityCard }) {
  const { lang } = usePageContext();
  const texts = { href: pageHref('/canals/info/city', { id: item.id }, lang), title: item.name.text, summary: item.summary.text };
  const inside = (t: typeof texts) => <ContentCardInside title={textOf(t.title, item.name)} href={t.href} summary={textOf(t.summary, item.summary)} />;
  return <ContentCard shape={`city ${fallbacks(item.name, item.summary)}`} texts={texts} eager={false} inside={inside} />;
}

/** A responsive grid of cards; each child is one `.col`. */
export function CardGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={`row g-4 ${wide ? 'row-cols-1 row-cols-md-2' : 'row-cols-1 row-cols-sm-2 row-cols-lg-3'}`}>{children}</div>;
}
