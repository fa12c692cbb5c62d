import { GlobalFonts } from '@napi-rs/canvas';
import { runtimeFiles } from '../../runtime.ts';

/** The family name the shipped captcha font (src/server/assets/fonts) is drawn under. */
const FAMILY = 'CanalCaptcha';
let registered = false;

/**
 * The shipped captcha font, registered on first use (the machines this runs on may have no CJK font at
 * all): returns the family name to draw with.
 */
export function captchaFontFamily(): string {
  if (!registered) {
    const file = runtimeFiles().captchaFont;
    if (!GlobalFonts.registerFromPath(file, FAMILY)) throw new Error(`Cannot load the captcha font ${file}`);
    registered = true;
  }
  return FAMILY;
}
