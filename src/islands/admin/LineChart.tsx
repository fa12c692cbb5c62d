import { useEffect, useRef, useState } from 'react';
import { valueScale } from '../app/chartScale.ts';
import { ChartFrame } from '../app/ChartFrame.tsx';

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
 * A line chart of counts (whole numbers) with a filled area in the accent colour, drawn at its container's width.
 */
export function LineChart({ title, labels, values, axisLabel, labelHeading, valueHeading, summary }: LineChartProps) {
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
    <ChartFrame
      {...{ title, summary, labels, values, labelHeading, valueHeading, ticks, y }}
      format={String}
      width={width}
      height={HEIGHT}
      left={MARGIN.left}
      right={width - MARGIN.right}
      className="admin-chart"
      figureRef={figure}
    >
      <path d={area} fill="var(--admin-accent, var(--bs-primary))" fillOpacity={0.12} />
      <path d={line} fill="none" stroke="var(--admin-accent, var(--bs-primary))" strokeWidth={2} strokeLinejoin="round" />
      {values.map((value, i) => (
        <g key={labels[i] ?? i}>
          <circle cx={x(i)} cy={y(value)} r={value > 0 ? 3.5 : 2} fill="var(--admin-accent, var(--bs-primary))">
            <title>{`${labels[i] ?? ''}: ${value}`}</title>
          </circle>
          {labelled(i) && (
            <text x={x(i)} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle" fontSize="12" fill="currentColor" fillOpacity={0.75}>
              {axisLabel(labels[i] ?? '')}
            </text>
          )}
        </g>
      ))}
    </ChartFrame>
  );
}
