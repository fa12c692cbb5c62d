import fs from 'node:fs';
import path from 'node:path';

/**
 * Chromium's headless shell first: the same engine without the browser's window layer, which neither the tests
 * nor the bench look at. Measured on the back-office walk: its browser process used half the CPU of Chromium's,
 * its pages 10 % less, on a run whose two cores are busy throughout. CHROMIUM_PATH names another.
 */
const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The system's Chromium for the browser tests and the bench, if one is installed. */
export function findChromium(): string | undefined {
  return CANDIDATES.find((p): p is string => !!p && fs.existsSync(p));
}

/** puppeteer's headless mode for it: Debian's chromium-headless-shell, or Chrome's chrome-headless-shell, is a shell. */
export function headlessMode(executablePath: string): 'shell' | true {
  return /headless-shell$/.test(path.basename(executablePath)) ? 'shell' : true;
}
