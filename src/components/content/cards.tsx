import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { formatDate, isoDate, type ActivityCard, type ArticleCard, type CanalCard, type CityCard, type TrailCard } from '../../shared/content.ts';
import { Cover } from './Cover.tsx';
import { Text } from './Text.tsx';
import { pageHref } from './meta.ts';
import { formatDuration, formatKm } from './format.ts';

function Time({ seconds }: { seconds: number }) {
  const { lang } = usePageContext();
  return <time dateTime={isoDate(seconds)}>{formatDate(lang, seconds)}</time>;
}

/** A start–end date range, collapsed to one date when the activity fits in a day. */
export function DateRange({ start, end }: { start: number; end: number }) {
  if (isoDate(start) === isoDate(end)) return <Time seconds={start} />;
  return (
    <>
      <Time seconds={start} /> – <Time seconds={end} />
    </>
  );
}

/** News and culture cards; `path` is the detail route. */
export function ArticleCardView({ item, path, headingLevel = 3 }: { item: ArticleCard; path: string; headingLevel?: 2 | 3 }) {
  const { lang } = usePageContext();
  const H = `h${headingLevel}` as const;
  return (
    <article className="card content-card h-100">
      <Cover src={item.cover} />
      <div className="card-body">
        <p className="card-meta small mb-1">
          {item.category && (
            <span className="me-2">
              <Text value={item.category.name} />
            </span>
          )}
          <Time seconds={item.publishTime} />
        </p>
        <H className="h5 card-title">
          <a className="stretched-link" href={pageHref(path, { id: item.id }, lang)}>
            <Text value={item.title} />
          </a>
        </H>
        <p className="card-text small mb-0">
          <Text value={item.summary} />
        </p>
      </div>
    </article>
  );
}

export function StageBadge({ stage }: { stage: ActivityCard['stage'] }) {
  const { t } = useTranslation('content');
  return <span className={`badge stage-badge stage-${stage}`}>{t(`brand.stage.${stage}`)}</span>;
}

export function ActivityCardView({ item }: { item: ActivityCard }) {
  const { lang } = usePageContext();
  return (
    <article className="card content-card h-100">
      <Cover src={item.cover} />
      <div className="card-body">
        <p className="card-meta small mb-1">
          <StageBadge stage={item.stage} /> <DateRange start={item.startTime} end={item.endTime} />
        </p>
        <h3 className="h5 card-title">
          <a className="stretched-link" href={pageHref('/brand/info', { id: item.id }, lang)}>
            <Text value={item.title} />
          </a>
        </h3>
        <p className="card-text small mb-1">
          <Text value={item.summary} />
        </p>
        <p className="card-meta small mb-0">
          <Text value={item.place} />
        </p>
      </div>
    </article>
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

export function TrailCardView({ item }: { item: TrailCard }) {
  const { lang } = usePageContext();
  return (
    <article className="card content-card h-100">
      <Cover src={item.cover} />
      <div className="card-body">
        <p className="card-meta small mb-1">
          {item.canal && <Text value={item.canal.name} />}
          {item.city && (
            <>
              {' · '}
              <Text value={item.city.name} />
            </>
          )}
        </p>
        <h3 className="h5 card-title">
          <a className="stretched-link" href={pageHref('/trail/info', { id: item.id }, lang)}>
            <Text value={item.title} />
          </a>
        </h3>
        <p className="card-text small">
          <Text value={item.summary} />
        </p>
        <TrailFacts item={item} />
      </div>
    </article>
  );
}

export function CanalCardView({ item }: { item: CanalCard }) {
  const { lang } = usePageContext();
  return (
    <article className="card content-card h-100">
      <Cover src={item.cover} />
      <div className="card-body">
        <p className="card-meta small mb-1">
          <Text value={item.era} />
        </p>
        <h3 className="h5 card-title">
          <a className="stretched-link" href={pageHref('/canals/info', { id: item.id }, lang)}>
            <Text value={item.name} />
          </a>
        </h3>
        <p className="card-text small mb-0">
          <Text value={item.summary} />
        </p>
      </div>
    </article>
  );
}

export function CityCardView({ item }: { item: CityCard }) {
  const { lang } = usePageContext();
  return (
    <article className="card content-card h-100">
      <div className="card-body">
        <h3 className="h6 card-title">
          <a className="stretched-link" href={pageHref('/canals/info/city', { id: item.id }, lang)}>
            <Text value={item.name} />
          </a>
        </h3>
        <p className="card-text small mb-0">
          <Text value={item.summary} />
        </p>
      </div>
    </article>
  );
}

/** A responsive grid of cards; each child is one `.col`. */
export function CardGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={`row g-4 ${wide ? 'row-cols-1 row-cols-md-2' : 'row-cols-1 row-cols-sm-2 row-cols-lg-3'}`}>{children}</div>;
}
