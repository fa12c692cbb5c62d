import { createCanvas, Path2D } from '@napi-rs/canvas';
import { releaseCanvas } from '../skiaMemory.ts';
import { LATIN_LETTERS } from './characters.ts';
import { captchaFontFamily } from './font.ts';
import { between, intBetween, pick } from './random.ts';

/** Reference member 4.4: 176 × 55 px on white. */
export const DIGIT_CAPTCHA_WIDTH = 176;
export const DIGIT_CAPTCHA_HEIGHT = 55;
/** Glyph height in pixels (the reference's 22 px font). */
const GLYPH_HEIGHT = 22;
const MAX_ANGLE = (30 * Math.PI) / 180;
const NOISE_COLOURS = 10;
const NOISE_PER_COLOUR = 5;

/**
 * The digits 1-9 as strokes in a 10 × 16 box (SVG path syntax). The captcha font holds no digits (only the
 * click captcha's characters and A-Z), so they are drawn as pen strokes instead.
 */
export const DIGIT_PATHS: Readonly<Record<string, string>> = {
  '1': 'M2.5 4 L6 1 L6 15 M2.5 15 L9.5 15',
  '2': 'M1.2 5 C1.2 2.2 3 1 5 1 C7.8 1 9 2.8 9 5 C9 8 6.5 10 1 15 L9.5 15',
  '3': 'M1.2 3 C2 1.6 3.4 1 5 1 C7.6 1 9 2.6 9 4.5 C9 6.5 7.4 8 4.6 8 C7.6 8 9.5 9.5 9.5 11.6 C9.5 13.8 7.6 15 5 15 C3.2 15 1.7 14.2 1 13',
  '4': 'M7.2 15 L7.2 1 L0.8 11 L9.6 11',
  '5': 'M9 1 L2.2 1 L1.6 7.6 C2.8 6.8 3.8 6.4 5 6.4 C8 6.4 9.5 8.4 9.5 10.7 C9.5 13.4 7.6 15 5 15 C3.2 15 1.7 14.2 1 13',
  '6': 'M8.6 2 C7.7 1.3 6.6 1 5.5 1 C2.6 1 1 4 1 9 C1 13 2.6 15 5.1 15 C7.5 15 9.1 13.2 9.1 10.6 C9.1 8 7.5 6.5 5.2 6.5 C3 6.5 1.6 8 1 9.6',
  '7': 'M0.8 1 L9.2 1 C6.6 5 5 9.5 4.4 15',
  '8': 'M5 8 C2.6 8 1.5 6.4 1.5 4.5 C1.5 2.4 3 1 5 1 C7 1 8.5 2.4 8.5 4.5 C8.5 6.4 7.4 8 5 8 C2.4 8 1 9.6 1 11.6 C1 13.6 2.7 15 5 15 C7.3 15 9 13.6 9 11.6 C9 9.6 7.6 8 5 8 Z',
  '9': 'M9 6.6 C8.4 8.2 7 9.5 4.8 9.5 C2.5 9.5 1 7.9 1 5.4 C1 2.9 2.6 1 5 1 C7.5 1 9 3 9 7 C9 12 7.4 15 4.6 15 C3.5 15 2.5 14.7 1.5 14',
};
const BOX_HEIGHT = 16;
const BOX_WIDTH = 10;

/** A CSS colour whose three channels each lie in [min, max]. */
function colour(min: number, max: number): string {
  return `rgb(${intBetween(min, max)}, ${intBetween(min, max)}, ${intBetween(min, max)})`;
}

/**
 * Draws a code of digits 1-9 as the reference's image captcha does: light noise letters strewn on white,
 * then the digits in one dark colour, spread over the width at random offsets and tilted up to 30°.
 */
export async function drawDigitCaptcha(code: string): Promise<Buffer> {
  const canvas = createCanvas(DIGIT_CAPTCHA_WIDTH, DIGIT_CAPTCHA_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, DIGIT_CAPTCHA_WIDTH, DIGIT_CAPTCHA_HEIGHT);

  // The shipped captcha font (its A-Z) for the light noise letters.
  ctx.font = `14px ${captchaFontFamily()}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let c = 0; c < NOISE_COLOURS; c++) {
    ctx.fillStyle = colour(150, 225);
    for (let i = 0; i < NOISE_PER_COLOUR; i++) ctx.fillText(pick(LATIN_LETTERS), intBetween(0, DIGIT_CAPTCHA_WIDTH), intBetween(0, DIGIT_CAPTCHA_HEIGHT));
  }

  const scale = GLYPH_HEIGHT / BOX_HEIGHT;
  const step = DIGIT_CAPTCHA_WIDTH / (code.length + 1);
  ctx.strokeStyle = colour(1, 150);
  ctx.lineWidth = 2.2;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  [...code].forEach((digit, i) => {
    const path = DIGIT_PATHS[digit];
    if (!path) throw new Error(`No stroke for the captcha character ${digit}`);
    ctx.save();
    // Each digit about its own centre, moved a little from its place: digits never touch or leave the image.
    ctx.translate(step * (i + 1) + between(-step / 5, step / 5), DIGIT_CAPTCHA_HEIGHT / 2 + between(-5, 5));
    ctx.rotate(between(-MAX_ANGLE, MAX_ANGLE));
    ctx.scale(scale, scale);
    ctx.translate(-BOX_WIDTH / 2, -BOX_HEIGHT / 2);
    ctx.stroke(new Path2D(path));
    ctx.restore();
  });
  const png = await canvas.encode('png');
  releaseCanvas(canvas);
  return png;
}
