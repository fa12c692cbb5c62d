import { createCanvas, GlobalFonts, Path2D, type Canvas } from '@napi-rs/canvas';
import { releaseCanvas } from '../skiaMemory.ts';
import type { Lang } from '../../../shared/i18n/langs.ts';
import { runtimeFiles } from '../../runtime.ts';
import { HIT_TOLERANCE, type CaptchaService, type CaptchaTarget } from '../captcha.ts';
import { CAPTCHA_GRID } from '../../../shared/captchaGrid.ts';
import { SHAPES, shapeLabel, shapePath, type Shape } from '../../../shared/captchaShapes.ts';
import { CHINESE_CHARACTERS, LATIN_LETTERS } from './characters.ts';
import { drawBackground, drawNoiseLines, drawSpeckles } from './background.ts';
import { between, intBetween, pick, sample } from './random.ts';

export const CAPTCHA_WIDTH = 350;
export const CAPTCHA_HEIGHT = 200;
/**
 * Targets to click, then decoys drawn alike. The reference's 2 and 2 let a bot that finds the glyphs without
 * reading them pass one time in 12 by clicking two of the four in a random order; with 3 of 7 that is one
 * in 7 x 6 x 5 = 210 (GUESS_CHANCE).
 */
export const TARGET_COUNT = 3;
export const DECOY_COUNT = 4;
const GLYPHS = TARGET_COUNT + DECOY_COUNT;
/** The chance that clicking TARGET_COUNT of the glyphs, in a random order, hits the targets in theirs. */
export const GUESS_CHANCE = 1 / Array.from({ length: TARGET_COUNT }, (_, i) => GLYPHS - i).reduce((a, b) => a * b, 1);

const FONT_FAMILY = 'CanalCaptchaSC';
const MIN_SIZE = 22;
const MAX_SIZE = 34;
const MAX_ANGLE = (25 * Math.PI) / 180;
/** Side of the scratch canvas one glyph is drawn on: room for the largest glyph at the largest angle. */
const SCRATCH = 80;
// Glyphs go into distinct cells of a 5 x 2 grid, at a random spot inside each: boxes can never overlap
// (they keep CELL_GAP pixels from their cell's edges, so the areas where clicks count for them do not even
// touch) and no placement loop can run long.
const COLUMNS = 5;
const ROWS = 2;
const CELL_GAP = HIT_TOLERANCE + 1;
const MAX_GLYPH_LUMINANCE = 0.08;

/** What one drawn element shows: a character (Chinese or Latin) or a shape. */
type Figure = { kind: 'text'; text: string } | { kind: 'shape'; shape: Shape };

interface Element {
  label: string;
  figure: Figure;
}

export interface ClickCaptchaImage {
  png: Buffer;
  width: number;
  height: number;
  /** What to click, in order; boxes in image pixels. */
  targets: CaptchaTarget[];
  /** Drawn like the targets but not asked for. */
  decoys: CaptchaTarget[];
}

let fontReady = false;

/** Registers the shipped font once: the machines this runs on may have no CJK font at all. */
function ensureFont(): void {
  if (fontReady) return;
  const file = runtimeFiles().captchaFont;
  if (!GlobalFonts.registerFromPath(file, FONT_FAMILY)) throw new Error(`Cannot load the captcha font ${file}`);
  fontReady = true;
}

/** Zh-cn visitors get single Chinese characters; English ones letters and shapes. */
function chooseElements(lang: Lang, count: number): Element[] {
  if (lang === 'zh-cn') return sample(CHINESE_CHARACTERS, count).map((c) => ({ label: c, figure: { kind: 'text', text: c } }));
  const figures: Figure[] = [
    ...LATIN_LETTERS.map((text): Figure => ({ kind: 'text', text })),
    ...SHAPES.map((shape): Figure => ({ kind: 'shape', shape })),
  ];
  // A shape's label names it in angle brackets; the prompt shows it as a picture (src/shared/captchaShapes.ts).
  return sample(figures, count).map((figure) => ({ label: figure.kind === 'text' ? figure.text : shapeLabel(figure.shape), figure }));
}

/** Relative luminance (WCAG) of an sRGB colour with channels in [0, 1]. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/**
 * A dark colour of the given hue. Lightness alone does not make contrast (a 30 % yellow is far lighter than
 * a 30 % blue), so it is lowered until the luminance is at most MAX_GLYPH_LUMINANCE: a contrast of about
 * 4.5:1 or more even against the darkest water of the scenes.
 */
function darkColour(hue: number): string {
  const saturation = between(0.55, 0.8);
  let lightness = between(0.24, 0.36);
  let rgb = hslToRgb(hue % 360, saturation, lightness);
  while (luminance(rgb) > MAX_GLYPH_LUMINANCE) {
    lightness -= 0.02;
    rgb = hslToRgb(hue % 360, saturation, lightness);
  }
  return `rgb(${rgb.map((c) => Math.round(c * 255)).join(', ')})`;
}

/**
 * Draws one element on a scratch canvas, rotated about its centre, and finds its ink box by scanning the
 * pixels: the box stored for the check is exactly what the visitor sees, whatever the glyph's metrics say.
 */
function drawElement(figure: Figure): { canvas: Canvas; box: CaptchaTarget } {
  const canvas = createCanvas(SCRATCH, SCRATCH);
  const ctx = canvas.getContext('2d');
  // Latin capitals and shapes fill less of their square than a Chinese character: enlarge them to match.
  const scale = figure.kind === 'shape' ? 1.15 : /^[A-Z]$/.test(figure.text) ? 1.3 : 1;
  const size = Math.round(intBetween(MIN_SIZE, MAX_SIZE) * scale);
  const hue = intBetween(0, 359);
  ctx.translate(SCRATCH / 2, SCRATCH / 2);
  ctx.rotate(between(-MAX_ANGLE, MAX_ANGLE));
  const fill = ctx.createLinearGradient(-size / 2, -size / 2, size / 2, size / 2);
  fill.addColorStop(0, darkColour(hue));
  fill.addColorStop(1, darkColour(hue + intBetween(25, 70)));
  ctx.fillStyle = fill;
  // A thin light halo keeps the glyph apart from noise lines crossing it.
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.lineWidth = size / 9;
  ctx.lineJoin = 'round';
  if (figure.kind === 'text') {
    ctx.font = `${size}px ${FONT_FAMILY}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.strokeText(figure.text, 0, 0);
    ctx.fillText(figure.text, 0, 0);
  } else {
    const outline = new Path2D(shapePath(figure.shape, size));
    ctx.stroke(outline);
    ctx.fill(outline);
  }
  return { canvas, box: inkBox(ctx.getImageData(0, 0, SCRATCH, SCRATCH).data) };
}

/** Bounding box of the dark, mostly opaque pixels (the fill, not the light halo or antialiasing fringe). */
function inkBox(data: Uint8ClampedArray): CaptchaTarget {
  let [left, top, right, bottom] = [SCRATCH, SCRATCH, -1, -1];
  for (let y = 0; y < SCRATCH; y++) {
    for (let x = 0; x < SCRATCH; x++) {
      const i = (y * SCRATCH + x) * 4;
      if (data[i + 3]! < 128 || data[i]! + data[i + 1]! + data[i + 2]! > 3 * 170) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) throw new Error('Captcha glyph drew no ink');
  return { label: '', x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * Where a glyph `size` pixels long starts along one axis: a random whole pixel that keeps it between `from`
 * and `to` and puts the centre of a keyboard grid cell (cells `step` long) on its ink, so keyboard users can
 * choose it (src/shared/captchaGrid.ts). Any start in range when none does (a cell always holds one).
 */
function placeOnGrid(from: number, to: number, size: number, step: number): number {
  const first = Math.ceil(from);
  const last = Math.max(first, Math.floor(to - size));
  const starts = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const covering = starts.filter((start) => {
    const centre = (Math.floor((start + size) / step - 0.5) + 0.5) * step;
    return centre >= start && centre <= start + size;
  });
  return pick(covering.length > 0 ? covering : starts);
}

/** Draws a new click captcha: targets and decoys on a fresh scene, as a PNG with the boxes of each. */
export async function drawClickCaptcha(lang: Lang): Promise<ClickCaptchaImage> {
  ensureFont();
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const ctx = canvas.getContext('2d');
  drawBackground(ctx, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);

  const cellWidth = CAPTCHA_WIDTH / COLUMNS;
  const cellHeight = CAPTCHA_HEIGHT / ROWS;
  const cells = sample([...Array(COLUMNS * ROWS).keys()], GLYPHS);
  const placed = chooseElements(lang, GLYPHS).map((element, i) => {
    const { canvas: glyph, box } = drawElement(element.figure);
    const cellX = (cells[i]! % COLUMNS) * cellWidth;
    const cellY = Math.floor(cells[i]! / COLUMNS) * cellHeight;
    const x = placeOnGrid(cellX + CELL_GAP, cellX + cellWidth - CELL_GAP, box.width, CAPTCHA_WIDTH / CAPTCHA_GRID.columns);
    const y = placeOnGrid(cellY + CELL_GAP, cellY + cellHeight - CELL_GAP, box.height, CAPTCHA_HEIGHT / CAPTCHA_GRID.rows);
    ctx.drawImage(glyph, x - box.x, y - box.y);
    releaseCanvas(glyph);
    return { label: element.label, x, y, width: box.width, height: box.height };
  });

  // Light noise over the glyphs too, so they are not clean shapes on a known background.
  drawNoiseLines(ctx, CAPTCHA_WIDTH, CAPTCHA_HEIGHT, intBetween(2, 3), [0.35, 0.55]);
  drawSpeckles(ctx, CAPTCHA_WIDTH, CAPTCHA_HEIGHT, intBetween(25, 45));

  const png = await canvas.encode('png');
  releaseCanvas(canvas);
  return {
    png,
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    targets: placed.slice(0, TARGET_COUNT),
    decoys: placed.slice(TARGET_COUNT),
  };
}

/** Draws a click captcha for the client's id and keeps its targets (replacing any earlier one of that id). */
export async function createClickCaptcha(captcha: CaptchaService, id: string, lang: Lang): Promise<ClickCaptchaImage> {
  const image = await drawClickCaptcha(lang);
  await captcha.save(id, { targets: image.targets, decoys: image.decoys, width: image.width, height: image.height });
  return image;
}
