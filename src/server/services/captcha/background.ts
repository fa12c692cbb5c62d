import type { SKRSContext2D } from '@napi-rs/canvas';
import { between, chance, intBetween, pick } from './random.ts';

interface Palette {
  sky: [string, string];
  water: [string, string];
  hills: string;
  sun: string;
}

// Light, low-contrast scenes (dawn, noon, dusk, jade water, mist) so the dark glyphs on top stay easy to read.
const PALETTES: readonly Palette[] = [
  { sky: ['#fde2c8', '#fff6ec'], water: ['#d4e9f1', '#b9d7e6'], hills: '#ecd0bc', sun: '#ffd7a8' },
  { sky: ['#d3eafa', '#f3f9fe'], water: ['#c4e3ec', '#a9d2df'], hills: '#cbdfcb', sun: '#fff3c4' },
  { sky: ['#f2d6e6', '#fcf0f4'], water: ['#d8dbf0', '#c0c8e7'], hills: '#dcc8df', sun: '#ffd9c9' },
  { sky: ['#dff2e8', '#f5fbf7'], water: ['#c6e6d7', '#a9d8c4'], hills: '#c8dfcb', sun: '#f3f7c8' },
  { sky: ['#e7ebef', '#f8f9fa'], water: ['#d6e0e6', '#c3d1d9'], hills: '#d6dce1', sun: '#fbf4e2' },
];

/** A light colour of any hue, for waves and noise lines. */
function softColour(alpha: number): string {
  return `hsla(${intBetween(0, 359)}, ${intBetween(35, 70)}%, ${intBetween(55, 75)}%, ${alpha})`;
}

/** A distant range of hills along the horizon: two summed sine waves give an irregular, natural outline. */
function drawHills(ctx: SKRSContext2D, width: number, horizon: number, colour: string): void {
  const [f1, f2, p1, p2, height] = [between(0.01, 0.025), between(0.03, 0.06), between(0, 6.3), between(0, 6.3), between(14, 34)];
  ctx.beginPath();
  ctx.moveTo(0, horizon);
  for (let x = 0; x <= width; x += 5) {
    const y = horizon - height * (0.55 + 0.3 * Math.sin(x * f1 + p1) + 0.15 * Math.sin(x * f2 + p2));
    ctx.lineTo(x, y);
  }
  ctx.lineTo(width, horizon);
  ctx.closePath();
  ctx.globalAlpha = between(0.55, 0.85);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.globalAlpha = 1;
}

/** A humpback bridge, the canal's emblem: a faint silhouette with its arch opening on the water line. */
function drawBridge(ctx: SKRSContext2D, width: number, horizon: number): void {
  const radius = between(14, 24);
  const span = radius + between(18, 30);
  const x = between(span, width - span);
  ctx.beginPath();
  ctx.moveTo(x - span, horizon);
  ctx.quadraticCurveTo(x, horizon - radius * 2.3, x + span, horizon);
  ctx.lineTo(x + radius, horizon);
  ctx.arc(x, horizon, radius, 0, Math.PI, true);
  ctx.closePath();
  ctx.fillStyle = `rgba(120, 110, 100, ${between(0.15, 0.25)})`;
  ctx.fill();
}

function drawWaves(ctx: SKRSContext2D, width: number, height: number, horizon: number): void {
  const count = intBetween(5, 9);
  for (let i = 0; i < count; i++) {
    const y0 = between(horizon + 6, height - 4);
    const [amplitude, frequency, phase] = [between(1.5, 4.5), between(0.03, 0.09), between(0, 6.3)];
    const start = between(-20, width * 0.5);
    const end = between(start + 60, width + 20);
    ctx.beginPath();
    for (let x = start; x <= end; x += 4) {
      const y = y0 + amplitude * Math.sin(x * frequency + phase);
      if (x === start) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.lineWidth = between(1, 2.2);
    ctx.strokeStyle = chance(0.6) ? `rgba(255, 255, 255, ${between(0.5, 0.85)})` : softColour(between(0.35, 0.6));
    ctx.stroke();
  }
}

/** Random curves across the whole image, so glyph outlines cannot be cut out by colour alone. */
export function drawNoiseLines(ctx: SKRSContext2D, width: number, height: number, count: number, alpha: [number, number]): void {
  for (let i = 0; i < count; i++) {
    ctx.beginPath();
    ctx.moveTo(between(-10, width * 0.3), between(0, height));
    ctx.bezierCurveTo(between(0, width), between(-height, 2 * height), between(0, width), between(-height, 2 * height), between(width * 0.7, width + 10), between(0, height));
    ctx.lineWidth = between(0.8, 2);
    ctx.strokeStyle = softColour(between(...alpha));
    ctx.stroke();
  }
}

export function drawSpeckles(ctx: SKRSContext2D, width: number, height: number, count: number): void {
  for (let i = 0; i < count; i++) {
    ctx.fillStyle = softColour(between(0.25, 0.55));
    ctx.fillRect(between(0, width), between(0, height), between(1, 2.5), between(1, 2.5));
  }
}

/** A soft canal scene drawn from scratch: sky, sun, hills, sometimes a bridge, water, waves and noise. */
export function drawBackground(ctx: SKRSContext2D, width: number, height: number): void {
  const palette = pick(PALETTES);
  const horizon = intBetween(Math.round(height * 0.35), Math.round(height * 0.55));

  const sky = ctx.createLinearGradient(0, 0, 0, horizon);
  sky.addColorStop(0, palette.sky[0]);
  sky.addColorStop(1, palette.sky[1]);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, horizon);

  if (chance(0.6)) {
    const [x, y, r] = [between(20, width - 20), between(12, horizon - 20), between(14, 26)];
    const sun = ctx.createRadialGradient(x, y, r * 0.3, x, y, r * 2.2);
    sun.addColorStop(0, palette.sun);
    sun.addColorStop(1, 'rgba(255, 255, 255, 0)');
    ctx.fillStyle = sun;
    ctx.fillRect(0, 0, width, horizon);
  }

  drawHills(ctx, width, horizon, palette.hills);

  const water = ctx.createLinearGradient(0, horizon, 0, height);
  water.addColorStop(0, palette.water[0]);
  water.addColorStop(1, palette.water[1]);
  ctx.fillStyle = water;
  ctx.fillRect(0, horizon, width, height - horizon);

  if (chance(0.5)) drawBridge(ctx, width, horizon);
  drawWaves(ctx, width, height, horizon);
  drawNoiseLines(ctx, width, height, intBetween(3, 5), [0.3, 0.5]);
  drawSpeckles(ctx, width, height, intBetween(60, 110));
}
