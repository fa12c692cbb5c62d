// The types of ava.bundled.config.mjs, for scripts/testBundle.ts.
/** The test files that take longest, as `<folder>/<name>` without `.test.ts`, longest first. */
export declare const LONGEST: readonly string[];
declare const config: Record<string, unknown>;
export default config;
