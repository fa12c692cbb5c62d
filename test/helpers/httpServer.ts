/**
 * Options for a test's HTTP server: kept-alive sockets outlive fetch's own 4 s idle limit. With Node's default
 * of 5 s, a test stalled that long (a loaded machine, or a file in the same process drawing a captcha) has the
 * server close kept-alive sockets just as fetch reuses them, and requests die with "fetch failed".
 */
export const TEST_SERVER_OPTIONS = { keepAliveTimeout: 30_000 } as const;
