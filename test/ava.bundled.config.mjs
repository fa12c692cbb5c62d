// ava's settings for `npm test`, which runs the test files bundled by scripts/testBundle.ts (package.json's
// settings run the sources through tsx, for a single file or a debugger). ava turns on source maps, so stack
// traces name the sources.

/**
 * The files that take longest, longest first (whole runs, 2026-11-29). In path order some started late and ran
 * alone at their stage's end while the other core idled (admin-walk, 150 s, started 200 s into the browser
 * stage). The others follow in path order; a file missing from here is only scheduled like any other. Each of
 * these runs in a process of its own (scripts/testBundle.ts), never in a group.
 */
export const LONGEST = [
  'browser/admin-walk',
  'browser/accessibility',
  'browser/admin-ux',
  'browser/csp',
  'browser/accessibility-member',
  'process/terminal-build-swap',
  'api/scheduled-publishing',
  'api/fuzz-routes',
  'process/process',
  'browser/public-ux',
  'browser/admin-table-widths',
  'browser/admin-lists',
  'api/backup',
  'api/captcha',
];

const rank = (file) => {
  const at = LONGEST.findIndex((name) => file.endsWith(`/${name}.test.js`));
  return at < 0 ? LONGEST.length : at;
};

export default {
  files: ['dist/tests/test/**/*.test.js'],
  workerThreads: false,
  timeout: '120s',
  sortTestFiles: (a, b) => rank(a) - rank(b) || a.localeCompare(b, [], { numeric: true }),
};
