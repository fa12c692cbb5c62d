import { valueScale } from '../../app/chartScale.ts';
import { ChartFrame } from '../../app/ChartFrame.tsx';

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
 * A bar chart: one labelled bar per day, growing from 0 (down, in the danger colour, for negative values).
 */
export function BarChart({ title, labels, axisLabel = (l) => l, values, format, labelHeading, valueHeading, summary, color = 'var(--bs-primary)' }: BarChartProps) {
  const scale = valueScale(values);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (v: number) => MARGIN.top + ((scale.max - v) / (scale.max - scale.min)) * plotH;
  const band = plotW / Math.max(1, values.length);
  const barW = Math.min(32, band * 0.6);

  return (
    <ChartFrame
      {...{ title, summary, labels, values, format, labelHeading, valueHeading, y }}
      ticks={scale.ticks}
      width={WIDTH}
      height={HEIGHT}
      left={MARGIN.left}
      right={WIDTH - MARGIN.right}
      className="member-chart"
    >
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
    </ChartFrame>
  );
}
