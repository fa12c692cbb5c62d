// ava's settings for `npm test`, which runs the test files bundled by scripts/testBundle.ts (package.json's
// settings run the sources through tsx, for a single file or a debugger). ava turns on source maps, so stack
// traces name the sources.
export default {
  files: ['dist/tests/test/**/*.test.js'],
  workerThreads: false,
  timeout: '120s',
};
