import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Where a city's name sits around its stop on the cloud-tour map: east, west, north, south or a corner. The
 * classes `label-<side>` in site.scss draw each one at the same distance (`--gap`) from the stop's centre,
 * corners at DIAGONAL times it along both axes.
 */
export const LABEL_SIDES = ['e', 'w', 'n', 's', 'ne', 'nw', 'se', 'sw'] as const;
export type LabelSide = (typeof LABEL_SIDES)[number];
const DIAGONAL = 0.6;
/** A chosen or pointed-at name is drawn bold, up to this much wider: it must fit as well. */
const BOLD = 1.1;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A stop as measured on the drawn map (pixels from the map's top-left corner) with its name's size. */
export interface LabelledStop {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The side the server drew it on (away from close neighbours): kept when nothing is in the way. */
  preferred: LabelSide;
}

export interface LabelArea {
  width: number;
  height: number;
  /** Distance from a stop's centre to its name. */
  gap: number;
  /** Half the side of the square a stop's dot covers. */
  stopRadius: number;
  /** What names must not cover besides each other (the zoom buttons). */
  obstacles: readonly Box[];
}

/** The box of a name of `width` × `height` on `side` of the stop at (x, y). */
export function labelBox(side: LabelSide, x: number, y: number, width: number, height: number, gap: number): Box {
  const d = gap * DIAGONAL;
  const [left, top] = {
    e: [x + gap, y - height / 2],
    w: [x - gap - width, y - height / 2],
    n: [x - width / 2, y - gap - height],
    s: [x - width / 2, y + gap],
    ne: [x + d, y - d - height],
    nw: [x - d - width, y - d - height],
    se: [x + d, y + d],
    sw: [x - d - width, y + d],
  }[side] as [number, number];
  return { left, top, right: left + width, bottom: top + height };
}

function overlapArea(a: Box, b: Box, pad = 0): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left) + pad;
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + pad;
  return w > 0 && h > 0 ? w * h : 0;
}

/** The side most like the preferred one comes first: its mirror, then above and below, then the corners. */
function preference(preferred: LabelSide, side: LabelSide): number {
  if (side === preferred) return 0;
  const mirror: Record<LabelSide, LabelSide> = { e: 'w', w: 'e', n: 's', s: 'n', ne: 'nw', nw: 'ne', se: 'sw', sw: 'se' };
  if (side === mirror[preferred]) return 1;
  return side.length === 1 ? 2 : 3;
}

/**
 * Chooses a side for every name so that none leaves the map, none covers another and, where it can be
 * helped, none covers another stop or the zoom buttons: each name in turn takes its cheapest side given
 * the others, until no name moves (a few rounds for the canal's cities). Costs, from the worst: outside the
 * map, over another name, over an obstacle, over another stop, away from the preferred side.
 */
export function placeLabels(stops: readonly LabelledStop[], area: LabelArea): LabelSide[] {
  const sides = stops.map((s) => s.preferred);
  const boxOf = (i: number, side: LabelSide) => {
    const s = stops[i]!;
    return labelBox(side, s.x, s.y, s.width, s.height, area.gap);
  };
  const dots = stops.map((s) => ({ left: s.x - area.stopRadius, top: s.y - area.stopRadius, right: s.x + area.stopRadius, bottom: s.y + area.stopRadius }));
  const cost = (i: number, side: LabelSide) => {
    const box = boxOf(i, side);
    const outside = box.left < 0 || box.top < 0 || box.right > area.width || box.bottom > area.height;
    let total = (outside ? 1e9 : 0) + preference(stops[i]!.preferred, side);
    for (let j = 0; j < stops.length; j++) {
      if (j === i) continue;
      const names = overlapArea(box, boxOf(j, sides[j]!), 1);
      if (names > 0) total += 1e6 + names * 1e3;
      const dot = overlapArea(box, dots[j]!);
      if (dot > 0) total += 100 + dot;
    }
    for (const o of area.obstacles) {
      const hidden = overlapArea(box, o);
      if (hidden > 0) total += 1e4 + hidden;
    }
    return total;
  };
  for (let round = 0; round < 20; round++) {
    let moved = false;
    for (let i = 0; i < stops.length; i++) {
      let best = sides[i]!;
      let bestCost = cost(i, best);
      for (const side of LABEL_SIDES) {
        const c = cost(i, side);
        if (c < bestCost) [best, bestCost] = [side, c];
      }
      if (best !== sides[i]) {
        sides[i] = best;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return sides;
}

/** The gap between a stop's centre and its name as drawn on `side` (read back from the page's own layout). */
function drawnGap(side: LabelSide, label: DOMRect, x: number, y: number): number {
  const east = label.left - x;
  const west = x - label.right;
  const north = y - label.bottom;
  const south = label.top - y;
  return { e: east, w: west, n: north, s: south, ne: east / DIAGONAL, nw: west / DIAGONAL, se: east / DIAGONAL, sw: west / DIAGONAL }[side];
}

const relative = (r: DOMRect, to: DOMRect): Box => ({ left: r.left - to.left, top: r.top - to.top, right: r.right - to.left, bottom: r.bottom - to.top });

/**
 * The sides of the names on the map in `canvas` (its `.tour-stop` buttons, each with a `.tour-stop-label`),
 * starting from the server's and placed again, measured, whenever the map's size changes (a phone turned,
 * a zoom) and once the fonts are in. While the whole map shows, the zoom buttons over its corner (`controls`)
 * are an obstacle.
 */
export function useLabelSides(canvas: RefObject<HTMLElement | null>, controls: RefObject<HTMLElement | null>, initial: LabelSide[], zoomed: boolean): LabelSide[] {
  const [sides, setSides] = useState(initial);
  const drawn = useRef(sides);
  drawn.current = sides;
  // The server's sides stay the preferred ones; a new render of the map does not restart the measuring.
  const preferred = useRef(initial);
  useLayoutEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const place = () => {
      const frame = el.getBoundingClientRect();
      const measured = [...el.querySelectorAll<HTMLElement>('.tour-stop')].map((button) => {
        const b = button.getBoundingClientRect();
        return { x: b.left + b.width / 2 - frame.left, y: b.top + b.height / 2 - frame.top, label: button.querySelector('.tour-stop-label')!.getBoundingClientRect(), radius: b.width / 2 };
      });
      const first = measured[0];
      if (!first || frame.width === 0) return;
      const gap = drawnGap(drawn.current[0] ?? 'e', first.label, first.x + frame.left, first.y + frame.top);
      const over = controls.current?.getBoundingClientRect();
      const obstacles = over && !zoomed ? [relative(over, frame)] : [];
      const stops = measured.map((m, i) => ({ x: m.x, y: m.y, width: m.label.width * BOLD, height: m.label.height, preferred: preferred.current[i] ?? 'e' }));
      // The dot inside a stop's button is about half its size.
      const next = placeLabels(stops, { width: frame.width, height: frame.height, gap, stopRadius: first.radius / 2, obstacles });
      setSides((current) => (current.length === next.length && current.every((s, i) => s === next[i]) ? current : next));
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(el);
    void document.fonts?.ready.then(place);
    return () => observer.disconnect();
  }, [canvas, controls, zoomed]);
  return sides;
}
