import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { type ActivityCard, type ArticleCard, type CanalCard, type CityCard, type LocalText, type TrailCard } from '../../shared/content.ts';
import { dateForms, type DateForms } from '../../shared/time.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import type { SiteInfo } from '../../shared/site.ts';
import { Stamped, StampedList } from '../Stamped.tsx';
import { Cover } from './Cover.tsx';
import { Text } from './Text.tsx';
import { DEFAULT_COVER, pageHref } from './meta.ts';
import { formatDuration, formatKm } from './format.ts';

/** A date as a machine reads it (`dateTime`) and as the page shows it. */
export function TimeView({ dateTime, text, className }: { dateTime: string; text: string; className?: string }) {
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

/**
 * A card, stamped (Stamped): rendered once per `shape` and language, and `texts` (its link, picture, title,
 * dates...) filled in for each card. `shape` names everything else the markup depends on (the kind of card,
 * heading level, whether its picture is eager, which texts fell back to Chinese, which parts it has); `inside`
 * renders what the <article> holds from texts, marks when stamped.
 */
export interface Card<T extends CardTexts = CardTexts> {
  shape: string;
  texts: T;
  inside(texts: T): ReactNode;
  /** The eager picture of a list's first card, which React preloads from the top of the page. */
  preload?: string;
}

/** What cards are made with: the page's language and site, and the content texts. */
export interface CardContext {
  lang: Lang;
  site: SiteInfo;
  t: TFunction<'content'>;
}

export function useCardContext(): CardContext {
  const { lang, site } = usePageContext();
  const { t } = useTranslation('content');
  return { lang, site, t };
}

/** The texts' fallback marks, as a card's shape names them: which fell back to Chinese. */
const fallbacks = (...texts: (LocalText | null | undefined)[]) => texts.map((text) => (text ? Number(text.fallback) : '-')).join('');

/** A text of the card's own with the fallback mark of the item's. */
const textOf = (text: string, of: LocalText): LocalText => ({ text, fallback: of.fallback });

/** A card's shape and texts, with what its place adds: an eager picture is part of the shape and preloaded. */
function card<T extends CardTexts>(kind: string, { eager = false }: CardPlace, shape: string, texts: T, inside: (texts: T) => ReactNode, cover?: string): Card<T> {
  return { shape: `${kind}${eager ? ' eager' : ''} ${shape}`, texts, inside, preload: eager ? cover : undefined };
}

/** A card as a Stamped part's item: its texts by position. */
function stampedItem<T extends CardTexts>({ shape, texts, inside }: Card<T>) {
  const names = Object.keys(texts);
  return {
    stampKey: shape,
    holes: names.map((name) => texts[name]!),
    children: (values: readonly string[]) => inside(Object.fromEntries(names.map((name, i) => [name, values[i] ?? ''])) as T),
  };
}

/** A card on its own, in a section of cards (a list's cards are CardList's). */
function ContentCard<T extends CardTexts>({ value }: { value: Card<T> }) {
  const { stampKey, holes, children } = stampedItem(value);
  return (
    <Stamped as="article" className={CARD_CLASS} stampKey={stampKey} holes={holes}>
      {children}
    </Stamped>
  );
}

/** What a news or culture card shows (shared/pageModel.ts): its texts, with which fell back to Chinese. */
export type ArticleCardModel = {
  cover: string;
  category: LocalText | null;
  date: DateForms;
  href: string;
  title: LocalText;
  summary: LocalText;
};

/** A news or culture card's model; `path` is the detail route. */
export function articleCardModel(item: ArticleCard, path: string, { lang, site }: Pick<CardContext, 'lang' | 'site'>): ArticleCardModel {
  return {
    cover: item.cover || DEFAULT_COVER,
    category: item.category?.name ?? null,
    date: dateForms(lang, item.publishTime, site.timeZone),
    href: pageHref(path, { id: item.id }, lang),
    title: item.title,
    summary: item.summary,
  };
}

/** A news or culture card from its model. */
export function articleCardOf(model: ArticleCardModel, place: CardPlace): Card {
  const { headingLevel = 3, eager = false } = place;
  const { category } = model;
  const texts = { cover: model.cover, category: category?.text ?? '', dateTime: model.date.dateTime, date: model.date.text, href: model.href, title: model.title.text, summary: model.summary.text };
  const inside = (t: typeof texts) => {
    const meta = (
      <>
        {category && (
          <span className="me-2">
            <Text value={textOf(t.category, category)} />
          </span>
        )}
        <TimeView dateTime={t.dateTime} text={t.date} />
      </>
    );
    return <ContentCardInside cover={t.cover} meta={meta} title={textOf(t.title, model.title)} href={t.href} headingLevel={headingLevel} summary={textOf(t.summary, model.summary)} eager={eager} />;
  };
  return card('article', place, `${headingLevel} ${fallbacks(category, model.title, model.summary)}`, texts, inside, texts.cover);
}

/** News and culture cards; `path` is the detail route. */
export const articleCard = (item: ArticleCard, path: string, place: CardPlace, context: CardContext) => articleCardOf(articleCardModel(item, path, context), place);

export function ArticleCardView({ item, path }: { item: ArticleCard; path: string }) {
  return <ContentCard value={articleCard(item, path, {}, useCardContext())} />;
}

export function StageBadge({ stage }: { stage: ActivityCard['stage'] }) {
  const { t } = useTranslation('content');
  return <span className={`badge stage-badge stage-${stage}`}>{t(`brand.stage.${stage}`)}</span>;
}

export function activityCard(item: ActivityCard, place: CardPlace, { lang, site }: CardContext) {
  const { headingLevel = 3, eager = false } = place;
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
  return card('activity', place, `${headingLevel} ${item.stage} ${Number(oneDay)} ${fallbacks(item.title, item.summary, item.place)}`, texts, inside, texts.cover);
}

export function ActivityCardView({ item }: { item: ActivityCard }) {
  return <ContentCard value={activityCard(item, {}, useCardContext())} />;
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

function trailFactTexts(item: TrailCard, t: TFunction<'content'>): TrailFactTexts {
  return {
    length: item.lengthKm === null ? undefined : formatKm(t, item.lengthKm),
    duration: item.durationMin === null ? undefined : formatDuration(t, item.durationMin),
    difficulty: item.difficulty,
  };
}

/** Distance, time and difficulty of a trail, as a definition list. */
export function TrailFacts({ item }: { item: TrailCard }) {
  const { t } = useTranslation('content');
  return <TrailFactsView {...trailFactTexts(item, t)} />;
}

export function trailCard(item: TrailCard, place: CardPlace, { lang, t: tr }: CardContext) {
  const { headingLevel = 3, eager = false } = place;
  const facts = trailFactTexts(item, tr);
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
  return card('trail', place, `${headingLevel} ${item.difficulty} ${parts} ${fallbacks(canal?.name, city?.name, item.title, item.summary)}`, texts, inside, texts.cover);
}

export function TrailCardView({ item }: { item: TrailCard }) {
  return <ContentCard value={trailCard(item, {}, useCardContext())} />;
}

export function canalCard(item: CanalCard, place: CardPlace, { lang }: CardContext) {
  const { headingLevel = 3, eager = false } = place;
  const texts = { cover: item.cover || DEFAULT_COVER, era: item.era.text, href: pageHref('/canals/info', { id: item.id }, lang), title: item.name.text, summary: item.summary.text };
  const inside = (t: typeof texts) => (
    <ContentCardInside cover={t.cover} meta={<Text value={textOf(t.era, item.era)} />} title={textOf(t.title, item.name)} href={t.href} summary={textOf(t.summary, item.summary)} headingLevel={headingLevel} eager={eager} />
  );
  return card('canal', place, `${headingLevel} ${fallbacks(item.era, item.name, item.summary)}`, texts, inside, texts.cover);
}

export function CityCardView({ item }: { item: CityCard }) {
  const { lang } = usePageContext();
  const texts = { href: pageHref('/canals/info/city', { id: item.id }, lang), title: item.name.text, summary: item.summary.text };
  const inside = (t: typeof texts) => <ContentCardInside title={textOf(t.title, item.name)} href={t.href} summary={textOf(t.summary, item.summary)} />;
  return <ContentCard value={card('city', {}, fallbacks(item.name, item.summary), texts, inside)} />;
}

const GRID_CLASS = 'row g-4 row-cols-1 row-cols-sm-2 row-cols-lg-3';

/** A responsive grid of cards; each child is one `.col`. */
export function CardGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={wide ? 'row g-4 row-cols-1 row-cols-md-2' : GRID_CLASS}>{children}</div>;
}

/**
 * A page's list of cards in the grid, made by `make` for each item with the page's heading level (2) and the
 * first picture eager; the whole list one stamped host (StampedList), its markup that of CardGrid with the
 * cards in their `.col`s.
 */
export function CardList<I>({ items, make }: { items: readonly I[]; make: (item: I, place: CardPlace, context: CardContext) => Card }) {
  const context = useCardContext();
  const cards = items.map((item, i) => make(item, { headingLevel: 2, eager: i === 0 }, context));
  return (
    <StampedList
      className={GRID_CLASS}
      wrap={[
        ['div', 'col'],
        ['article', CARD_CLASS],
      ]}
      items={cards.map(stampedItem)}
      preload={cards[0]?.preload}
    />
  );
}
