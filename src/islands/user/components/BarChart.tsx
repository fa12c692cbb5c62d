import { useId } from 'react';
import { valueScale } from '../../app/chartScale.ts';

export interface BarChartProps {
  title: string;
  /** One label per bar, as the table shows it. */
  labels: readonly string[];
  /** The same label shortened for the x axis; the full label by default. */
  axisLabel?(label: string): string;
  values: readonly number[];
  /** How values read on the axis, in bar tips and in the table. */
  format(value: number): string;
  /** Header of the table's label column and value column. */
  labelHeading: string;
  valueHeading: string;
  /** A sentence summing the series up for screen readers. */
  summary: string;
  /** CSS colour of positive bars; negative ones use the danger colour. */
  color?: string;
}

// About the size a chart gets in a half-width card, so its 12-unit text stays near 12 px on most screens.
const WIDTH = 400;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 48 };

/**
 * A bar chart drawn as SVG: value axis with grid lines, one labelled bar per day. The drawing is one
 * image with a summary for screen readers; the exact figures are in a table they can read row by row.
 */
export function BarChart({ title, labels, axisLabel = (l) => l, values, format, labelHeading, valueHeading, summary, color = 'var(--bs-primary)' }: BarChartProps) {
  const id = useId();
  const scale = valueScale(values);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (v: number) => MARGIN.top + ((scale.max - v) / (scale.max - scale.min)) * plotH;
  const band = plotW / Math.max(1, values.length);
  const barW = Math.min(32, band * 0.6);

  return (
    <figure className="member-chart mb-0">
      <figcaption id={`${id}-title`} className="fw-semibold mb-2">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="w-100 h-auto" data-chart="">
        <desc id={`${id}-desc`}>{summary}</desc>
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={tick === 0 ? 0.6 : 0.12} />
            <text x={MARGIN.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle" fontSize="12" fill="currentColor" fillOpacity={0.75}>
              {format(tick)}
            </text>
          </g>
        ))}
        {values.map((value, i) => {
          const x = MARGIN.left + band * i + (band - barW) / 2;
          const top = y(Math.max(0, value));
          const height = Math.abs(y(value) - y(0));
          return (
            <g key={labels[i] ?? i}>
              <rect x={x} y={top} width={barW} height={Math.max(value === 0 ? 0 : 1, height)} rx={3} fill={value < 0 ? 'var(--bs-danger)' : color}>
                <title>{`${labels[i] ?? ''}: ${format(value)}`}</title>
              </rect>
              <text x={x + barW / 2} y={HEIGHT - MARGIN.bottom + 17} textAnchor="middle" fontSize="12" fill="currentColor" fillOpacity={0.75}>
                {axisLabel(labels[i] ?? '')}
              </text>
            </g>
          );
        })}
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
              <td>{format(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
