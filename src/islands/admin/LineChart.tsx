import { useEffect, useId, useRef, useState } from 'react';
import { valueScale } from '../app/chartScale.ts';

export interface LineChartProps {
  title: string;
  /** One label per point, as the table shows it. */
  labels: readonly string[];
  values: readonly number[];
  /** A point's label shortened for the x axis (only as many as fit are shown). */
  axisLabel(label: string): string;
  labelHeading: string;
  valueHeading: string;
  /** A sentence summing the series up for screen readers. */
  summary: string;
}

// Drawn at the container's width (text keeps its size); the first render guesses.
const INITIAL_WIDTH = 720;
const MIN_WIDTH = 280;
const HEIGHT = 240;
const MARGIN = { top: 14, right: 20, bottom: 30, left: 40 };
/** Room an axis label needs, in px. */
const LABEL_ROOM = 64;

/**
 * A line chart of counts (whole numbers) with a filled area, drawn as SVG in the current text and accent colours (so dark mode
 * follows). The drawing is one image with a summary; the exact figures are in a table screen readers read.
 */
export function LineChart({ title, labels, values, axisLabel, labelHeading, valueHeading, summary }: LineChartProps) {
  const id = useId();
  const figure = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(INITIAL_WIDTH);
  useEffect(() => {
    const el = figure.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.max(MIN_WIDTH, Math.round(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const scale = valueScale(values);
  // Counts: a tick at 0.5 members would be nonsense.
  const ticks = scale.ticks.filter(Number.isInteger);
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (i: number) => MARGIN.left + (values.length > 1 ? (i / (values.length - 1)) * plotW : plotW / 2);
  const y = (v: number) => MARGIN.top + ((scale.max - v) / (scale.max - scale.min)) * plotH;
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
  // Every n-th point is labelled, as many as fit, and always the last one (the latest day).
  const every = Math.max(1, Math.ceil(LABEL_ROOM / (plotW / Math.max(1, values.length - 1))));
  const last = values.length - 1;
  const labelled = (i: number) => i === last || (i % every === 0 && last - i >= every);
  const area = values.length ? `${line}L${x(values.length - 1).toFixed(1)},${y(0).toFixed(1)}L${x(0).toFixed(1)},${y(0).toFixed(1)}Z` : '';

  return (
    <figure className="admin-chart mb-0" ref={figure}>
      <figcaption id={`${id}-title`} className="fw-semibold mb-2">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} height={HEIGHT} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="w-100" data-chart="">
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={tick === 0 ? 0.5 : 0.12} />
            <text x={MARGIN.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle" fontSize="12" fill="currentColor" fillOpacity={0.7}>
              {tick}
            </text>
          </g>
        ))}
        <path d={area} fill="var(--admin-accent, var(--bs-primary))" fillOpacity={0.12} />
        <path d={line} fill="none" stroke="var(--admin-accent, var(--bs-primary))" strokeWidth={2} strokeLinejoin="round" />
        {values.map((value, i) => (
          <g key={labels[i] ?? i}>
            <circle cx={x(i)} cy={y(value)} r={value > 0 ? 3.5 : 2} fill="var(--admin-accent, var(--bs-primary))">
              <title>{`${labels[i] ?? ''}: ${value}`}</title>
            </circle>
            {labelled(i) && (
              <text x={x(i)} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle" fontSize="12" fill="currentColor" fillOpacity={0.7}>
                {axisLabel(labels[i] ?? '')}
              </text>
            )}
          </g>
        ))}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeading}</th>
            <th scope="col">{valueHeading}</th>
          </tr>
        </thead>
        <tbody>
          {values.map((value, i) => (
            <tr key={labels[i] ?? i}>
              <th scope="row">{labels[i]}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
