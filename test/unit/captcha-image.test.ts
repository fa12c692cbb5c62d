import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  DECOY_COUNT,
  GUESS_CHANCE,
  TARGET_COUNT,
  drawClickCaptcha,
  type ClickCaptchaImage,
} from '../../src/server/services/captcha/image.ts';
import { CHINESE_CHARACTERS, FONT_TEXT, LATIN_LETTERS } from '../../src/server/services/captcha/characters.ts';
import { SHAPES, shapeLabel, shapeOfLabel, shapePath } from '../../src/shared/captchaShapes.ts';
import { HIT_TOLERANCE, type CaptchaTarget } from '../../src/server/services/captcha.ts';
import { CAPTCHA_GRID, gridCellCentre } from '../../src/shared/captchaGrid.ts';
import en from '../../src/locales/en/captcha.json' with { type: 'json' };

const FONT = path.resolve(import.meta.dirname, '../../src/server/assets/fonts/captcha-sc.otf');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ROUNDS = 40;

/** Code points the font maps to a real glyph, read from its cmap format 4 subtable (Unicode BMP). */
function fontCodePoints(file: string): Set<number> {
  const buf = fs.readFileSync(file);
  const tables = buf.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const rec = 12 + i * 16;
    if (buf.toString('latin1', rec, rec + 4) === 'cmap') cmap = buf.readUInt32BE(rec + 8);
  }
  if (cmap < 0) throw new Error('no cmap table');
  const points = new Set<number>();
  for (let i = 0; i < buf.readUInt16BE(cmap + 2); i++) {
    const sub = cmap + buf.readUInt32BE(cmap + 4 + i * 8 + 4);
    if (buf.readUInt16BE(sub) !== 4) continue;
    const segments = buf.readUInt16BE(sub + 6) / 2;
    const ends = sub + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const offsets = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      const [start, end] = [buf.readUInt16BE(starts + s * 2), buf.readUInt16BE(ends + s * 2)];
      const [delta, offset] = [buf.readUInt16BE(deltas + s * 2), buf.readUInt16BE(offsets + s * 2)];
      for (let c = start; c <= end && c !== 0xffff; c++) {
        const glyph = offset === 0 ? (c + delta) & 0xffff : buf.readUInt16BE(offsets + s * 2 + offset + (c - start) * 2);
        if (glyph !== 0) points.add(c);
      }
    }
  }
  return points;
}

/** Whether the areas where clicks count for two boxes (each box and HIT_TOLERANCE around it) share a point. */
const hitAreasMeet = (a: CaptchaTarget, b: CaptchaTarget) =>
  a.x - HIT_TOLERANCE <= b.x + b.width + HIT_TOLERANCE &&
  b.x - HIT_TOLERANCE <= a.x + a.width + HIT_TOLERANCE &&
  a.y - HIT_TOLERANCE <= b.y + b.height + HIT_TOLERANCE &&
  b.y - HIT_TOLERANCE <= a.y + a.height + HIT_TOLERANCE;

/** The keyboard grid cells whose centre lies on a box (edges included), in image pixels. */
function gridCellsOn(box: CaptchaTarget): number {
  let count = 0;
  for (let row = 0; row < CAPTCHA_GRID.rows; row++) {
    for (let column = 0; column < CAPTCHA_GRID.columns; column++) {
      const { fx, fy } = gridCellCentre(column, row);
      const [x, y] = [fx * CAPTCHA_WIDTH, fy * CAPTCHA_HEIGHT];
      if (x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height) count++;
    }
  }
  return count;
}

async function pixels(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data };
}

function checkLayout(t: import('ava').ExecutionContext, captcha: ClickCaptchaImage): void {
  t.is(captcha.targets.length, TARGET_COUNT);
  t.is(captcha.decoys.length, DECOY_COUNT);
  const all = [...captcha.targets, ...captcha.decoys];
  t.is(new Set(all.map((b) => b.label)).size, all.length, 'no element twice');
  for (const [i, box] of all.entries()) {
    t.true(Number.isInteger(box.x) && Number.isInteger(box.y) && Number.isInteger(box.width) && Number.isInteger(box.height));
    t.true(box.x >= 0 && box.y >= 0 && box.x + box.width <= CAPTCHA_WIDTH && box.y + box.height <= CAPTCHA_HEIGHT, `inside: ${JSON.stringify(box)}`);
    t.true(box.width >= 8 && box.height >= 8 && box.width <= 60 && box.height <= 60, `plausible size: ${JSON.stringify(box)}`);
    t.true(gridCellsOn(box) >= 1, `a keyboard grid cell's centre lies on ${JSON.stringify(box)}`);
    for (const other of all.slice(i + 1)) t.false(hitAreasMeet(box, other), `${JSON.stringify(box)} is within reach of ${JSON.stringify(other)}`);
  }
}

test('the shipped font has a glyph for every character the captcha draws', (t) => {
  const points = fontCodePoints(FONT);
  const missing = [...FONT_TEXT].filter((c) => !points.has(c.codePointAt(0)!));
  t.deepEqual(missing, []);
  t.true(CHINESE_CHARACTERS.length >= 380, `${CHINESE_CHARACTERS.length} characters`);
  t.is(new Set(CHINESE_CHARACTERS).size, CHINESE_CHARACTERS.length, 'no character listed twice');
  t.true(CHINESE_CHARACTERS.every((c) => /^\p{Script=Han}$/u.test(c)));
  t.true(fs.statSync(FONT).size < 150_000, 'the subset stays small');
  t.true(fs.existsSync(path.join(path.dirname(FONT), 'OFL.txt')), 'the licence ships with the font');
});

test('three targets among seven glyphs: a bot clicking three glyphs in a random order passes once in 210', (t) => {
  t.deepEqual([TARGET_COUNT, DECOY_COUNT], [3, 4]);
  t.is(GUESS_CHANCE, 1 / (7 * 6 * 5));
  t.true(GUESS_CHANCE < 0.02);
});

test('zh-cn captchas: single Chinese characters from the list, boxes inside the image and apart', async (t) => {
  for (let i = 0; i < ROUNDS; i++) {
    const captcha = await drawClickCaptcha('zh-cn');
    checkLayout(t, captcha);
    for (const box of [...captcha.targets, ...captcha.decoys]) t.true(CHINESE_CHARACTERS.includes(box.label), box.label);
  }
});

test('en captchas: letters without I, O, Q and named shapes, boxes inside the image and apart', async (t) => {
  const shapeLabels = SHAPES.map(shapeLabel);
  const seen = new Set<string>();
  for (let i = 0; i < ROUNDS; i++) {
    const captcha = await drawClickCaptcha('en');
    checkLayout(t, captcha);
    for (const box of [...captcha.targets, ...captcha.decoys]) {
      t.true(LATIN_LETTERS.includes(box.label) || shapeLabels.includes(box.label), box.label);
      t.false(['I', 'O', 'Q'].includes(box.label));
      seen.add(shapeLabels.includes(box.label) ? 'shape' : 'letter');
    }
  }
  t.deepEqual([...seen].sort(), ['letter', 'shape'], 'both kinds appear');
});

test('a captcha is a 350x200 PNG whose dark glyph pixels lie in the stored boxes', async (t) => {
  for (let i = 0; i < 12; i++) {
    const captcha = await drawClickCaptcha(i % 2 ? 'en' : 'zh-cn');
    t.deepEqual(captcha.png.subarray(0, 8), PNG_SIGNATURE);
    const { width, height, data } = await pixels(captcha.png);
    t.deepEqual([width, height], [CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    const boxes = [...captcha.targets, ...captcha.decoys];
    const inBox = new Map(boxes.map((b) => [b, 0]));
    let stray = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        // Only glyphs are this dark: the scenes and the noise over them are light.
        if (0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]! >= 80) continue;
        const box = boxes.find((b) => x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height);
        if (box) inBox.set(box, inBox.get(box)! + 1);
        else stray++;
      }
    }
    t.true(stray <= 5, `${stray} dark pixels outside every box`);
    for (const [box, count] of inBox) t.true(count >= 20, `${box.label} box holds ${count} dark pixels`);
  }
});

test('shape labels name the shape the prompt draws, with the outline the image draws', (t) => {
  for (const shape of SHAPES) {
    t.is(shapeOfLabel(shapeLabel(shape)), shape);
    t.truthy(en.shape[shape], `${shape} has an English name for screen readers`);
    t.regex(shapePath(shape, 20), /^M[-\d. LCAZ]+Z$/, `${shape}: plain SVG path data`);
  }
  t.is(shapeOfLabel('A'), null);
  t.is(shapeOfLabel('<moon>'), null);
});
