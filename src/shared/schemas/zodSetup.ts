import { z } from 'zod';

// In browsers the CSP forbids eval, and zod probes for it (new Function) on first use: the probe alone is
// reported as a violation. Its interpreted mode is as correct, and fast enough for forms. Imported by every
// module that builds schemas for the browser.
if (typeof document !== 'undefined') z.config({ jitless: true });
