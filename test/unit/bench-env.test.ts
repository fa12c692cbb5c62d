import { spawnSync } from 'node:child_process';
import net from 'node:net';
import test from 'ava';
import { bareServerStartMs, benchEnv, extraCertsMs, freePort, nodeStartMs, pageTouchUs } from '../../bench/smallHost.ts';

// The processes `npm run bench` starts go without the machine's NODE_EXTRA_CA_CERTS (bench/smallHost.ts says why),
// and the bench says what the variable costs a start.

const CERTS = '/etc/ssl/certs/ca-certificates.crt';

/** Runs `body` with these variables set (undefined: unset), then puts them back as they were. */
function withEnv(vars: Record<string, string | undefined>, body: () => void): void {
  const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(vars);
  try {
    body();
  } finally {
    apply(before);
  }
}

test.serial('the bench environment leaves out NODE_EXTRA_CA_CERTS and keeps the rest', (t) => {
  withEnv({ NODE_EXTRA_CA_CERTS: CERTS, BENCH_ENV_PROBE: 'kept' }, () => {
    const env = benchEnv();
    t.false('NODE_EXTRA_CA_CERTS' in env);
    t.is(env.BENCH_ENV_PROBE, 'kept');
    t.is(process.env.NODE_EXTRA_CA_CERTS, CERTS, 'the bench process itself keeps it');
    const seen = spawnSync(process.execPath, ['-p', 'process.env.NODE_EXTRA_CA_CERTS + " " + process.env.BENCH_ENV_PROBE'], { env, encoding: 'utf8' });
    t.is(seen.stdout.trim(), 'undefined kept');
  });
});

test.serial('what the variable adds to a start is measured when it is set, and nothing when it is not', (t) => {
  // Unset, it answers before comparing anything, so no start is timed for it.
  withEnv({ NODE_EXTRA_CA_CERTS: undefined }, () => t.is(extraCertsMs(0), null));
  withEnv({ NODE_EXTRA_CA_CERTS: CERTS }, () => {
    const cost = extraCertsMs(nodeStartMs());
    t.is(cost?.file, CERTS);
    t.true(Number.isFinite(cost?.ms));
  });
});

test.serial('the scale lines time a bare server to its first answer, then leave its port free, and the cost of a fresh page', async (t) => {
  const port = await freePort();
  const ms = await bareServerStartMs(port);
  t.true(ms > 0 && ms < 30_000, `${ms} ms`);
  // Each of its five servers was stopped: the port takes a listener again.
  await t.notThrowsAsync(new Promise<void>((resolve, reject) => {
    const again = net.createServer().once('error', reject).listen(port, '127.0.0.1', () => again.close(() => resolve()));
  }));
  const us = pageTouchUs();
  t.true(us > 0 && us < 10_000, `${us} µs`);
});
