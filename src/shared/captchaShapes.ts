/**
 * Shapes of the English click captcha, drawn into its image by the server and shown as small pictures in its
 * prompt by the browser: one outline per shape, as SVG path data, serves both. None resembles a letter of the
 * captcha or another shape at any angle up to 25° (so no crescent moon, C; no diamond, square).
 */
export const SHAPES = ['star', 'heart', 'triangle', 'circle', 'square', 'arrow'] as const;
export type Shape = (typeof SHAPES)[number];

/** How a shape stands in the captcha's `text` list (the reference's list of labels): `<heart>`. */
export function shapeLabel(shape: Shape): string {
  return `<${shape}>`;
}

/** The shape a `text` label names, or null for a character. */
export function shapeOfLabel(label: string): Shape | null {
  const name = /^<([a-z]+)>$/.exec(label)?.[1];
  return SHAPES.find((s) => s === name) ?? null;
}

const n = (v: number) => String(Math.round(v * 100) / 100);

function polygon(points: readonly (readonly [number, number])[]): string {
  return `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join(' L')} Z`;
}

/** The outline of a shape about `size` across, centred on the origin, as SVG path data. */
export function shapePath(shape: Shape, size: number): string {
  const r = size / 2;
  switch (shape) {
    case 'star':
      return polygon(
        Array.from({ length: 10 }, (_, i) => {
          const radius = i % 2 === 0 ? r * 1.1 : r * 0.48;
          const angle = -Math.PI / 2 + (i * Math.PI) / 5;
          return [radius * Math.cos(angle), radius * Math.sin(angle)] as const;
        }),
      );
    case 'heart':
      return `M0 ${n(r * 0.85)} C${n(-r * 1.35)} ${n(-r * 0.1)} ${n(-r * 0.7)} ${n(-r * 1.2)} 0 ${n(-r * 0.45)} C${n(r * 0.7)} ${n(-r * 1.2)} ${n(r * 1.35)} ${n(-r * 0.1)} 0 ${n(r * 0.85)} Z`;
    case 'triangle':
      return polygon(
        Array.from({ length: 3 }, (_, i) => {
          const angle = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
          return [r * 1.1 * Math.cos(angle), r * 1.1 * Math.sin(angle) + r * 0.15] as const;
        }),
      );
    case 'circle': {
      const c = r * 0.9;
      return `M${n(-c)} 0 A${n(c)} ${n(c)} 0 1 0 ${n(c)} 0 A${n(c)} ${n(c)} 0 1 0 ${n(-c)} 0 Z`;
    }
    case 'square':
      return polygon([
        [-r * 0.8, -r * 0.8],
        [r * 0.8, -r * 0.8],
        [r * 0.8, r * 0.8],
        [-r * 0.8, r * 0.8],
      ]);
    case 'arrow':
      return polygon([
        [-r, -r * 0.28],
        [r * 0.1, -r * 0.28],
        [r * 0.1, -r * 0.75],
        [r * 1.05, 0],
        [r * 0.1, r * 0.75],
        [r * 0.1, r * 0.28],
        [-r, r * 0.28],
      ]);
  }
}
