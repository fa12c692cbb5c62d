import { useId, type ReactNode, type Ref } from 'react';

export interface ChartFrameProps {
  title: string;
  /** A sentence summing the series up for screen readers. */
  summary: string;
  labels: readonly string[];
  values: readonly number[];
  /** How values read on the axis and in the table. */
  format(value: number): string;
  /** Header of the table's label column and value column. */
  labelHeading: string;
  valueHeading: string;
  width: number;
  height: number;
  /** Left and right ends of the grid lines. */
  left: number;
  right: number;
  ticks: readonly number[];
  y(value: number): number;
  className: string;
  figureRef?: Ref<HTMLElement>;
  /** The marks (bars, line, points) drawn over the grid. */
  children: ReactNode;
}

/**
 * What every chart of ours has around its marks: a captioned figure, an SVG image with a summary, value grid
 * lines in the current text colour (so dark mode follows), and the exact figures in a table screen readers
 * read row by row.
 */
export function ChartFrame({ title, summary, labels, values, format, labelHeading, valueHeading, width, height, left, right, ticks, y, className, figureRef, children }: ChartFrameProps) {
  const id = useId();
  return (
    <figure className={`${className} mb-0`} ref={figureRef}>
      <figcaption id={`${id}-title`} className="fw-semibold mb-2">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="w-100 h-auto" data-chart="">
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={tick === 0 ? 0.55 : 0.12} />
            <text x={left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle" fontSize="12" fill="currentColor" fillOpacity={0.75}>
              {format(tick)}
            </text>
          </g>
        ))}
        {children}
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
