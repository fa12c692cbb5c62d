// ava's settings for `npm test`, which runs the test files bundled by scripts/testBundle.ts (package.json's
// settings run the sources through tsx, for a single file or a debugger). Stack traces map back to the sources.
export default {
  files: ['dist/tests/test/**/*.test.js'],
  workerThreads: false,
  timeout: '120s',
  nodeArguments: ['--enable-source-maps'],
};
