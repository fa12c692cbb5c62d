import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalText, TourSection, TourStop } from '../shared/content.ts';
import type { Lang } from '../shared/i18n/langs.ts';
import { withLang } from '../shared/i18n/links.ts';
import { FallbackMark, LineList, Paragraphs, Text } from '../components/content/Text.tsx';
import { useLabelSides } from './tourLabels.ts';

export interface CanalMapProps {
  lang: Lang;
  sections: TourSection[];
  stops: TourStop[];
}

// The map frame: eastern China from Luoyang to the sea, Hangzhou Bay to Beijing. An equirectangular
// projection shrunk east–west by cos(35°) keeps shapes about right at these latitudes; no tiles needed.
const NORTH = 40.6;
const SOUTH = 29.3;
const WEST = 111.9;
const EAST = 122.4;
const SCALE = 80;
const SHRINK = Math.cos((35 * Math.PI) / 180);
export const MAP_WIDTH = Math.round((EAST - WEST) * SHRINK * SCALE);
const MAP_HEIGHT = Math.round((NORTH - SOUTH) * SCALE);

function project(lat: number, lng: number): [number, number] {
  return [(lng - WEST) * SHRINK * SCALE, (NORTH - lat) * SCALE];
}

// What the SVG draws is in whole map units (under half a pixel where the map is widest): the outlines are the
// other third of /canal's HTML.
function spot(lat: number, lng: number): [number, number] {
  const [x, y] = project(lat, lng);
  return [Math.round(x), Math.round(y)];
}

function points(line: readonly (readonly [number, number])[]): string {
  return line.map(([lat, lng]) => spot(lat, lng).join(',')).join(' ');
}

// Simplified coastline (Bohai, Shandong, Jiangsu, Hangzhou Bay), closed through the sea off the frame.
const COAST: [number, number][] = [
  [41.5, 119.6], [39.93, 119.6], [39.45, 118.9], [39.05, 117.75], [38.6, 117.6], [38.2, 117.85], [37.8, 118.9], [37.76, 119.2],
  [37.2, 118.95], [37.1, 119.6], [37.2, 119.95], [37.65, 120.3], [37.82, 120.75], [37.53, 121.4], [37.5, 122.1], [37.4, 122.7],
  [36.8, 121.6], [36.7, 121.2], [36.05, 120.4], [35.85, 120.05], [35.4, 119.55], [34.75, 119.45], [34.3, 120.0], [33.8, 120.45],
  [33.2, 120.75], [32.8, 120.9], [32.4, 121.4], [31.95, 121.9], [31.7, 121.9], [31.4, 121.5], [31.2, 121.95], [30.88, 121.95],
  [30.72, 121.35], [30.5, 120.95], [30.37, 120.8], [30.3, 120.5], [30.3, 121.25], [29.95, 121.72], [29.9, 121.9], [29.5, 121.9],
  [28.5, 121.6], [28.5, 124], [41.5, 124],
];

interface River {
  label: 'yellowRiver' | 'yangtze' | 'huai' | 'qiantang';
  /** Where the label sits, as [lat, lng]. */
  at: [number, number];
  line: [number, number][];
}

const RIVERS: River[] = [
  {
    label: 'yellowRiver',
    at: [35.3, 112.05],
    line: [[34.85, 111.9], [34.92, 113.0], [34.92, 113.65], [34.95, 114.3], [34.85, 114.8], [35.3, 115.1], [35.9, 115.8], [36.35, 116.25], [36.72, 117.0], [37.4, 118.0], [37.76, 119.2]],
  },
  {
    label: 'yangtze',
    at: [31.05, 117.3],
    line: [[30.58, 114.3], [29.75, 116.0], [30.5, 117.05], [31.35, 118.38], [32.08, 118.78], [32.25, 119.45], [31.95, 120.3], [32.0, 120.9], [31.7, 121.5], [31.4, 121.8]],
  },
  { label: 'huai', at: [32.75, 116.2], line: [[32.4, 113.9], [32.45, 115.0], [32.6, 116.3], [32.63, 117.0], [32.93, 117.39], [33.0, 118.2], [33.2, 118.55]] },
  { label: 'qiantang', at: [29.8, 119.55], line: [[29.6, 119.3], [29.95, 119.9], [30.2, 120.15], [30.3, 120.5]] },
];

// Lake Tai and Hongze Lake, as ellipses (unlabelled: the cities around them need the room).
const LAKES: { name: string; at: [number, number]; rx: number; ry: number }[] = [
  { name: 'taihu', at: [31.2, 120.2], rx: 0.3, ry: 0.28 },
  { name: 'hongze', at: [33.3, 118.7], rx: 0.28, ry: 0.3 },
];

/**
 * Smallest gap between two stops' centres along x or y (map units), so stop buttons of 24 px (WCAG 2.2 target
 * size) never overlap: STOP_SPACING where the map is drawn at least WIDE_MAP CSS pixels wide (a desktop, or a
 * phone zoomed in), PHONE_SPACING where it is narrower (the whole map on a phone of 360 px, in a 340 px frame).
 */
export const STOP_SPACING = 32;
export const WIDE_MAP = 560;
export const PHONE_FRAME = 340;
const TARGET = 24;
export const PHONE_SPACING = Math.ceil((TARGET * MAP_WIDTH) / PHONE_FRAME);

/** How far the map zooms in: each step is the frame's width times this. */
export const ZOOMS = [1, 1.6, 2.5, 4] as const;

/**
 * Where each stop's button goes: its projected position, nudged apart from close neighbours (Yangzhou and
 * Zhenjiang face each other across the Yangtze) until their square buttons cannot overlap: the larger of
 * the x and y gaps is at least `spacing`, and a pair too close is parted along that axis. Pure, so the
 * server and the browser place them identically.
 */
export function placeStops(stops: readonly Pick<TourStop, 'lat' | 'lng'>[], spacing = STOP_SPACING): [number, number][] {
  const at = stops.map((s) => project(s.lat, s.lng));
  for (let round = 0; round < 60; round++) {
    let moved = false;
    for (let i = 0; i < at.length; i++) {
      for (let j = i + 1; j < at.length; j++) {
        const a = at[i]!;
        const b = at[j]!;
        const dx = b[0] - a[0];
        const dy = b[1] - a[1];
        if (Math.max(Math.abs(dx), Math.abs(dy)) >= spacing - 0.01) continue;
        // Part along the axis they are already further apart on (the smaller move); coincident ones vertically.
        const axis = Math.abs(dx) > Math.abs(dy) ? 0 : 1;
        const gap = axis === 0 ? dx : dy;
        const push = ((spacing - Math.abs(gap)) / 2) * (gap < 0 ? -1 : 1);
        a[axis] -= push;
        b[axis] += push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return at;
}

/**
 * Map units a name takes beside its stop (the longest, on a phone), the same with its gap from the stop
 * (the room it needs before the map's edge), and the band of rows it covers.
 */
const LABEL_ROOM = 110;
const LABEL_REACH = 150;
const LABEL_BAND = 24;

/**
 * Which side each stop's name goes: the eastern third names to the west, so the map's edge never clips them,
 * the others to the east; a name switches sides when a neighbour stands closer on its side than on the other
 * and the other side has room before the map's edge.
 */
export function labelsWest(placed: readonly [number, number][]): boolean[] {
  return placed.map(([x, y], i) => {
    let east = Infinity;
    let west = Infinity;
    placed.forEach(([ox, oy], j) => {
      if (j === i || Math.abs(oy - y) > LABEL_BAND) return;
      if (ox > x) east = Math.min(east, ox - x);
      else west = Math.min(west, x - ox);
    });
    const preferWest = x > MAP_WIDTH * 0.6;
    const near = preferWest ? west : east;
    const other = preferWest ? east : west;
    // Only where the other side has room for the name before the map's edge.
    const room = preferWest ? x < MAP_WIDTH - LABEL_REACH : x > LABEL_REACH;
    return near < LABEL_ROOM && other > near && room ? !preferWest : preferWest;
  });
}

/** One colour per section, in the sections' order. */
const SECTION_COLOURS = ['#9e2a2b', '#e07a1f', '#b8860b', '#2d6a4f', '#5a8f29', '#0b6e82', '#3a5fa8', '#6a4c93', '#a0522d', '#c2185b'];

export function sectionColour(sections: TourSection[], canalId: number): string {
  const i = sections.findIndex((s) => s.id === canalId);
  return SECTION_COLOURS[(i < 0 ? 0 : i) % SECTION_COLOURS.length]!;
}

/**
 * Where each stop sits and which colour each section has, as CSS for a style element the page renders with
 * its CSP nonce (style attributes are refused): stops by `data-stop`, sections by `data-section`.
 */
export function tourStyles(sections: TourSection[], stops: TourStop[]): string {
  // Places in whole map units, turned into percentages once (under a pixel where the map is widest): the rules
  // are a third of /canal's HTML, which has a 15 KB budget with its stylesheet.
  const place = ([x, y]: [number, number]) => `--x:${Math.round(x)};--y:${Math.round(y)}`;
  const wide = placeStops(stops).map(place);
  const rules = [`.tour-canvas{aspect-ratio:${MAP_WIDTH} / ${MAP_HEIGHT}}.tour-stop{left:calc(var(--x)*100%/${MAP_WIDTH});top:calc(var(--y)*100%/${MAP_HEIGHT})}`];
  stops.forEach((s, i) => rules.push(`[data-stop="${s.id}"]{${wide[i]};color:${sectionColour(sections, s.canalId)}}`));
  // The map's own width decides (a container query), so a phone zoomed in gets the wide placement; only the
  // stops a narrow map moves apart are placed again.
  const narrow = placeStops(stops, PHONE_SPACING)
    .map(place)
    .flatMap((at, i) => (at === wide[i] ? [] : [`[data-stop="${stops[i]!.id}"]{${at}}`]));
  if (narrow.length > 0) rules.push(`@container tour (max-width:${WIDE_MAP - 0.02}px){${narrow.join('')}}`);
  // The legend's swatches and the list's groups take their colour from --section (site.scss).
  for (const s of sections) rules.push(`[data-section="${s.id}"]{--section:${sectionColour(sections, s.id)}}`);
  return rules.join('');
}

function StopStory({ stop, section, lang }: { stop: TourStop; section: TourSection | undefined; lang: Lang }) {
  const { t } = useTranslation('content');
  return (
    <>
      <h2 className="h4 mb-1">
        <Text value={stop.name} />
      </h2>
      {section && (
        <p className="small text-body-secondary mb-3">
          {t('tour.section')}: <Text value={section.name} />
        </p>
      )}
      <Paragraphs value={stop.intro} />
      <StopHeritage heritage={stop.heritage} />
      <a className="btn btn-sm btn-outline-primary" href={withLang(`/canals/info/city?id=${stop.id}`, lang)}>
        {t('tour.details')}
      </a>
    </>
  );
}

function StopHeritage({ heritage }: { heritage: LocalText }) {
  const { t } = useTranslation('content');
  if (!heritage.text.trim()) return null;
  return (
    <>
      <h3 className="h6 mt-3">{t('tour.heritage')}</h3>
      <LineList value={heritage} className="heritage-list" />
    </>
  );
}

/**
 * The cloud tour: the canal drawn as SVG from the sections' courses, each city a real <button> placed over the
 * map (keyboard and touch friendly; placed by the page's `tourStyles`), and a panel telling the chosen city's
 * story. The server renders all of it; the browser fetches the sections and stops (GET /api/index/tour) rather
 * than reading them from the page. Without JavaScript the page's list below the map links every city's page.
 */
export default function CanalMap({ lang, sections, stops }: CanalMapProps) {
  const { t } = useTranslation('content');
  const [selected, setSelected] = useState<number | null>(null);
  const panel = useRef<HTMLElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const tapped = useRef(false);
  const [zoom, setZoom] = useState(0);
  /** The point of the map at the frame's centre before a zoom, as fractions, kept there after it. */
  const centre = useRef<[number, number] | null>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const index = stops.findIndex((s) => s.id === selected);
  const stop = index >= 0 ? stops[index]! : null;
  const canvas = useRef<HTMLDivElement>(null);
  const controls = useRef<HTMLDivElement>(null);
  // The server names each stop east or west of it; the browser measures the names and moves those in the way.
  const sides = useLabelSides(canvas, controls, labelsWest(placeStops(stops)).map((west) => (west ? 'w' : 'e')), zoom > 0);
  const zoomTo = (next: number) => {
    const el = frame.current;
    if (el) centre.current = [(el.scrollLeft + el.clientWidth / 2) / el.scrollWidth, (el.scrollTop + el.clientHeight / 2) / el.scrollHeight];
    setZoom(Math.max(0, Math.min(ZOOMS.length - 1, next)));
  };
  useLayoutEffect(() => {
    const el = frame.current;
    const at = centre.current;
    if (!el || !at) return;
    centre.current = null;
    el.scrollLeft = at[0] * el.scrollWidth - el.clientWidth / 2;
    el.scrollTop = at[1] * el.scrollHeight - el.clientHeight / 2;
  }, [zoom]);
  // A mouse drags the zoomed map about (touch pans it natively); a press on a city stays a click.
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const el = frame.current;
    if (!el || e.pointerType !== 'mouse' || e.button !== 0 || zoom === 0 || (e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop };
    el.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const el = frame.current;
    const from = drag.current;
    if (!el || !from) return;
    el.scrollLeft = from.left - (e.clientX - from.x);
    el.scrollTop = from.top - (e.clientY - from.y);
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  // City pages link here as /canal#stop-ID ("on the map"): open that city's story.
  useEffect(() => {
    const id = Number(/^#stop-(\d+)$/.exec(window.location.hash)?.[1]);
    if (!stops.some((s) => s.id === id)) return;
    tapped.current = true;
    setSelected(id);
  }, [stops]);
  // A stop tapped on a phone tells its story below the map, out of sight: bring the story into view.
  useEffect(() => {
    if (!tapped.current || !panel.current) return;
    tapped.current = false;
    const box = panel.current.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight * 0.6) {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      panel.current.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    }
  }, [selected]);
  const step = (delta: number) => {
    const next = stops[(index + delta + stops.length) % stops.length];
    if (next) setSelected(next.id);
  };
  return (
    <div className="tour row g-4" onKeyDown={(e) => e.key === 'Escape' && setSelected(null)}>
      <div className="col-lg-8">
        <figure className="tour-map mb-2">
          <p className="tour-hint small text-body-secondary mb-2">
            {t('tour.hint')}
          </p>
          <div className="tour-view">
            <div className="tour-zoom btn-group-vertical" role="group" aria-label={t('tour.zoom')} ref={controls}>
              <button type="button" className="btn btn-light" onClick={() => zoomTo(zoom + 1)} disabled={zoom === ZOOMS.length - 1} aria-label={t('tour.zoomIn')} data-zoom="in">
                <span aria-hidden="true">+</span>
              </button>
              <button type="button" className="btn btn-light" onClick={() => zoomTo(zoom - 1)} disabled={zoom === 0} aria-label={t('tour.zoomOut')} data-zoom="out">
                <span aria-hidden="true">−</span>
              </button>
            </div>
            {/* The whole map fits its frame at first; zoomed in, it pans inside the frame (the page itself never does). */}
            <div
              className={`tour-frame${zoom > 0 ? ' is-zoomed' : ''}`}
              ref={frame}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            >
              {/* Zoomed, the canvas is wider than the frame; set through the DOM once hydrated (the CSP refuses style attributes in HTML). */}
              <div className="tour-canvas" ref={canvas} style={zoom > 0 ? { width: `${ZOOMS[zoom]! * 100}%` } : undefined}>
                <svg viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} role="img" aria-labelledby="tour-map-title">
                  <title id="tour-map-title">{t('tour.mapTitle')}</title>
                  <polygon className="tour-sea" points={points(COAST)} />
                  <text className="tour-label tour-label-sea" x={spot(34.2, 121.3)[0]} y={spot(34.2, 121.3)[1]}>
                    {t('tour.sea')}
                  </text>
                  {LAKES.map((l) => {
                    const [x, y] = spot(...l.at);
                    return <ellipse key={l.name} className="tour-lake" cx={x} cy={y} rx={Math.round(l.rx * SHRINK * SCALE)} ry={Math.round(l.ry * SCALE)} />;
                  })}
                  {RIVERS.map((r) => {
                    const [x, y] = spot(...r.at);
                    return (
                      <g key={r.label}>
                        <polyline className="tour-river" points={points(r.line)} />
                        <text className="tour-label" x={x} y={y}>
                          {t(`tour.${r.label}`)}
                        </text>
                      </g>
                    );
                  })}
                  {sections.map((s, i) => (
                    <polyline key={s.id} className="tour-course" points={points(s.course)} stroke={SECTION_COLOURS[i % SECTION_COLOURS.length]} />
                  ))}
                </svg>
                {stops.map((s, i) => (
                  <button
                    key={s.id}
                    type="button"
                    className={`tour-stop label-${sides[i] ?? 'e'}${s.id === selected ? ' is-active' : ''}`}
                    data-stop={s.id}
                    aria-pressed={s.id === selected}
                    aria-controls="tour-panel"
                    onClick={() => {
                      tapped.current = true;
                      setSelected(s.id);
                    }}
                  >
                    <span className="tour-stop-label">{s.name.text}</span>
                  </button>
                ))}
              </div>
            </div>
          </div>
          <figcaption className="small text-body-secondary mt-2">{t('tour.mapNote')}</figcaption>
        </figure>
        <h2 className="visually-hidden">{t('tour.legend')}</h2>
        <ul className="tour-legend small">
          {sections.map((s) => (
            <li key={s.id}>
              <span className="swatch" data-section={s.id} aria-hidden="true" />
              <a href={withLang(`/canals/info?id=${s.id}`, lang)}>{s.name.text}</a>
              {s.name.fallback && <FallbackMark />}
            </li>
          ))}
        </ul>
      </div>
      <div className="col-lg-4">
        <section id="tour-panel" ref={panel} className="tour-panel" aria-live="polite" aria-label={stop ? stop.name.text : t('tour.choose')}>
          {stop ? (
            <>
              <StopStory stop={stop} section={sections.find((s) => s.id === stop.canalId)} lang={lang} />
              <div className="d-flex gap-2 mt-3 pt-3 border-top">
                <button type="button" className="btn btn-sm btn-light" onClick={() => step(-1)}>
                  {t('tour.prev')}
                </button>
                <button type="button" className="btn btn-sm btn-light" onClick={() => step(1)}>
                  {t('tour.next')}
                </button>
                <button type="button" className="btn btn-sm btn-link ms-auto" onClick={() => setSelected(null)}>
                  {t('tour.close')}
                </button>
              </div>
            </>
          ) : (
            <p className="mb-0">{t('tour.choose')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
