import type { Canvas, Image } from '@napi-rs/canvas';

// Skia keeps a canvas's and a decoded picture's pixels outside V8's heap, which neither counts them nor hurries
// to collect the small objects holding them: they stay resident until a major collection, which an idle server
// may not run for hours. Measured (issue 31): three 1600 px photo uploads left the server at 155 MB resident,
// peak 164; with these, 123 MB (17 of them Skia's library, loaded once) and peak 148. Shrinking a canvas to a
// pixel (as browsers free a canvas set to zero size) and emptying a picture's source free the pixels at once.

const NO_BYTES = new Uint8Array(0);

/** Frees a canvas's pixels now; the canvas is not drawn on or read again. */
export function releaseCanvas(canvas: Canvas): void {
  canvas.width = 1;
  canvas.height = 1;
}

/** Frees a decoded picture's pixels now; the picture is not drawn again. */
export function releaseImage(image: Image): void {
  image.src = NO_BYTES;
}
