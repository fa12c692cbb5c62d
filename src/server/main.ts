import http from 'node:http';
import { loadConfig, ConfigError } from './config.ts';
import { createApp } from './app.ts';
import { scavengeOnMainThread } from './scavenger.ts';
import { CLI_COMMANDS, runCli } from './cli.ts';
import { unpackSea } from './runtime.ts';
import { markServing } from './codeCache.ts';

const SHUTDOWN_GRACE_MS = 4000;
/**
 * How often a stopping server closes the connections that have gone idle. Node closes the idle ones once, when
 * the server closes; one still answering then stays open after its answer until the grace runs out (a kept-alive
 * download ending 0.4 s after SIGTERM held its stop to 4 s), so they are closed as they go idle.
 */
const IDLE_SWEEP_MS = 50;
/** How long a stopping process waits for its log to be read. */
const LOG_DRAIN_MS = 3000;
/**
 * How long an idle kept-alive socket stays open: longer than its clients keep theirs (a proxy's upstream pool,
 * often 60 s; fetch, 4 s), so the client closes first. With Node's 5 s a client reusing a socket just as the
 * server closes it gets a reset: a 502 behind a proxy, "terminated" in the tests' fetches on a loaded machine.
 */
const KEEP_ALIVE_MS = 65_000;

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const dev = command === '--dev';
  const config = loadConfig();
  unpackSea(config.dataDir);
  const cli = CLI_COMMANDS.find((c) => c === command);
  if (cli) process.exit(await runCli(config, cli, args));
  const app = await createApp(config, { dev });
  const server = http.createServer({ keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 }, app.listener).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  markServing();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  void app.answered.then(() => scavengeOnMainThread());
  app.services.log.info(`portal listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}${dev ? ' (dev)' : ''}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.services.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then cut whatever is still open before the 5 s budget.
    const force = setTimeout(() => {
      app.services.log.warn(`still answering after ${SHUTDOWN_GRACE_MS / 1000} s: the open connections are cut`);
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    // The log is written asynchronously: write it all out before exiting, or the last lines are lost.
    const exit = (code: number) => void app.drainLog(LOG_DRAIN_MS).then(() => process.exit(code));
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      app
        .close()
        .then(() => exit(0))
        .catch((err) => {
          app.services.log.error({ err }, 'error while closing');
          exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
