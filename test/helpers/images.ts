import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = CRC[(c ^ byte) & 0xff]! ^ (c >>> 8);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 4 + body.length);
  return out;
}

/** A 1×1 PNG of one colour: different colours are different files. */
export function png(rgb: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, ...rgb]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A photo-like JPEG (quality 90): sky, water and a few hundred shapes, so that it weighs what a camera's photo
 * of that size does rather than a flat colour's few kilobytes. The top-left corner is red, the top-right blue.
 */
export async function photo(width: number, height: number): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(width, height);
  const c = canvas.getContext('2d');
  const sky = c.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#7fb2e5');
  sky.addColorStop(0.55, '#d8e6f0');
  sky.addColorStop(0.56, '#3d6b5a');
  sky.addColorStop(1, '#1f3b33');
  c.fillStyle = sky;
  c.fillRect(0, 0, width, height);
  // A fixed pseudo-random sequence: the same photo every time.
  let seed = 20_240_101;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 1500; i++) {
    c.fillStyle = `hsla(${Math.floor(next() * 360)}, 40%, ${30 + Math.floor(next() * 50)}%, 0.5)`;
    c.beginPath();
    c.ellipse(next() * width, next() * height, 2 + next() * width * 0.03, 2 + next() * height * 0.02, next() * Math.PI, 0, Math.PI * 2);
    c.fill();
  }
  const corner = Math.max(8, Math.round(width / 20));
  c.fillStyle = '#ff0000';
  c.fillRect(0, 0, corner, corner);
  c.fillStyle = '#0000ff';
  c.fillRect(width - corner, 0, corner, corner);
  return canvas.encode('jpeg', 90);
}

/** The JPEG with an EXIF orientation (6: the camera was turned, show it rotated a quarter turn clockwise). */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  // TIFF header (big-endian, IFD at 8), one entry: tag 0x0112 Orientation, SHORT, count 1; no next IFD.
  const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, jpeg.subarray(2)]);
}

/**
 * A WAV recording of `size` bytes in all (8-bit mono, 8 kHz), a non-image the uploader accepts: silent, or
 * noise, which makes a different file every time.
 */
export function wav(size: number, noise = false): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(size - 8, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(size - 44, 40);
  return Buffer.concat([header, noise ? randomBytes(size - 44) : Buffer.alloc(size - 44, 128)]);
}
