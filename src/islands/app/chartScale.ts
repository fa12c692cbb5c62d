/** Axis maths for the member-centre charts. */

export interface Scale {
  min: number;
  max: number;
  ticks: number[];
}

/** 1, 2 or 5 times a power of ten: the step a person would pick to split `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const nice = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10;
  return nice * magnitude;
}

/**
 * A value axis that always includes 0 (bars grow from it, down for negative values) and ends on round
 * ticks. All-zero data still gets a 0..1 axis so the chart has a shape.
 */
export function valueScale(values: readonly number[], count = 4): Scale {
  const finite = values.filter(Number.isFinite);
  const lo = Math.min(0, ...finite);
  let hi = Math.max(0, ...finite);
  if (lo === hi) hi = 1;
  const step = niceStep(hi - lo, count);
  const min = Math.floor(lo / step) * step;
  const max = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  // Rounded through the step's decimals so 0.1 + 0.2 style errors never reach a label.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Number(v.toFixed(decimals)));
  return { min, max, ticks };
}
