import type { RequestListener } from 'node:http';
import path from 'node:path';
import Koa from 'koa';
import type { Knex } from 'knex';
import type { AppConfig } from './config.ts';
import './state.ts';
import { isNewDatabase, openDatabase } from './db.ts';
import { firstAdmin } from './firstAdmin.ts';
import { openReads } from './reads.ts';
import { createLogger } from './logger.ts';
import { runSeeds } from './seed.ts';
import { ensureResourceRules } from './services/resourceRules.ts';
import { ensureResourceIndexes } from './services/resourceIndexes.ts';
import { units as builtInUnits } from '../resources/units.ts';
import { searchPageLimit } from './middleware/searchLimit.ts';
import { RateLimiter } from './services/rateLimit.ts';
import type { ResourceUnit } from './services/crud/unit.ts';
import type { LazyModules } from './moduleFolders.ts';
import { createServices, type Services } from './services/index.ts';
import { createRenderer, type Renderer } from './render.ts';
import type { PageBuilds } from './builds.ts';
import { withGuestIndex } from './guestIndex.ts';
import { withCachedPages } from './cachedPages.ts';
import { withFirstAnswer } from './request/firstAnswer.ts';
import { takingTurns } from './request/turns.ts';
import { feeds } from './feeds.ts';
import { health } from './health.ts';
import { scheduleDaily } from './services/backup/schedule.ts';
import { requestId } from './middleware/requestId.ts';
import { accessLog } from './middleware/accessLog.ts';
import { classify } from './middleware/classify.ts';
import { errors } from './middleware/errors.ts';
import { compression } from './middleware/compression.ts';
import { hosts } from './middleware/hosts.ts';
import { ipBan } from './middleware/ipBan.ts';
import { cors } from './middleware/cors.ts';
import { contentSecurityPolicy, securityHeaders } from './middleware/security.ts';
import { storageRedirect } from './middleware/storageFiles.ts';
import { lang } from './middleware/lang.ts';
import { statics, IMMUTABLE, REVALIDATE, type StaticMount } from './middleware/statics.ts';
import { ApiRegistry, apiRouter } from '../api/router.ts';
import { registerRoutes } from '../api/routes.ts';
import { Rounds } from './services/rounds.ts';
import { REMINDER_INTERVAL_SECONDS, reminderRounds } from './services/activity/reminders.ts';

/** How often each process sweeps the temporary folders of processes that are gone (services/scratch.ts). */
const SWEEP_INTERVAL_MS = 60_000;
/** How long a start's search index check waits for the first answer before it begins anyway. */
const START_CHECK_WAIT_MS = 1_000;

export interface PortalApp {
  /** What the HTTP server calls: cached public pages first (production), then the Koa app. */
  listener: RequestListener;
  /** Settles when the first answer has gone out, or a second after the start when none was asked for. */
  answered: Promise<void>;
  knex: Knex;
  services: Services;
  registry: ApiRegistry;
  renderer: Renderer;
  close(): Promise<void>;
  /** Writes out the log buffered so far; only for a process about to exit (the log ends with it). */
  drainLog(timeoutMs: number): Promise<void>;
}

export interface CreateAppOptions {
  /** Serve pages through Vite's dev server (hot reload) instead of the production build in dist/. */
  dev?: boolean;
  /**
   * Resource units beside the built-in ones (docs/architecture.md, "Adding a table"), with the migrations
   * that make their tables: they get routes, rules, menus and every declared capability like the built-in ones.
   */
  units?: readonly ResourceUnit[];
  migrations?: LazyModules;
}

function staticMounts(config: AppConfig, builds: PageBuilds, dev: boolean): StaticMount[] {
  // Files in a bucket are reached through storageRedirect() instead.
  const uploads: StaticMount[] =
    config.uploadMode !== 'local'
      ? []
      : [
          {
            prefix: '/storage/',
            root: path.join(config.dataDir, 'storage'),
            cacheControl: REVALIDATE,
            // Uploaded files are data: never let a browser run them as a document or script.
            headers: { 'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox", 'X-Content-Type-Options': 'nosniff' },
          },
        ];
  if (dev) return [...uploads, { prefix: '/', root: path.join(config.root, 'public'), cacheControl: REVALIDATE }];
  const assetsOf = (build: string | null) => (build ? path.join(build, 'client/assets') : null);
  return [
    { prefix: '/assets/', root: () => assetsOf(builds.current()), cacheControl: IMMUTABLE, frozen: true },
    // Pages opened before the terminal swapped in a new build still load their lazy chunks from the old one.
    { prefix: '/assets/', root: () => assetsOf(builds.previous()), cacheControl: IMMUTABLE, frozen: true },
    ...uploads,
    { prefix: '/', root: () => path.join(builds.current(), 'client'), cacheControl: REVALIDATE, frozen: true },
  ];
}

export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<PortalApp> {
  const dev = options.dev ?? false;
  // Vike serves the production build only when NODE_ENV says so.
  if (!dev) process.env.NODE_ENV = 'production';
  const { log, drain } = createLogger(config.logLevel);
  const admin = isNewDatabase(config.databaseUrl) ? firstAdmin(config) : undefined;
  const knex = await openDatabase(config.databaseUrl, options.migrations);
  const units = [...builtInUnits, ...(options.units ?? [])];
  const defs = units.map((u) => u.def);
  // After the migrations: the read connection opens an existing file.
  const reads = openReads(knex, config.databaseUrl);
  try {
    const services = await createServices(config, knex, reads, log, units);
    await services.upload.sweepTemp();
    // Partial copies an older version left: one walk over the uploads, which the start need not wait for.
    void services.scratch.sweepStrayPartials().catch((err: unknown) => log.error({ err }, 'partial copies sweep failed'));
    await runSeeds({ knex, config, log, admin });
    await ensureResourceRules(knex, defs);
    await ensureResourceIndexes(knex, defs);
    const registry = new ApiRegistry();
    registerRoutes(registry, services);
    await services.resources.sync(true);
    services.resources.onChange(() => void services.search.ensure().catch((err: unknown) => log.error({ err }, 'search index rebuild failed')));
    const renderer = await createRenderer(services, dev);
    services.backup.onRestored(async () => {
      // An archive from before a later migration is brought up to date like a database at boot.
      await knex.migrate.latest();
      await runSeeds({ knex, config, log });
      await ensureResourceRules(knex, defs);
      // An archive from before the list and quick-search indexes gets them; searches rely on the latter.
      await ensureResourceIndexes(knex, defs);
      await services.search.ensure();
      await services.caches.clearAll();
    });
    // Folders of processes gone since the start (or on other hosts sharing DATA_DIR) are swept every minute.
    const sweeps = setInterval(() => services.upload.sweepTemp().catch((err: unknown) => log.error({ err }, 'temporary files sweep failed')), SWEEP_INTERVAL_MS);
    sweeps.unref();
    const stopBackups = config.backupTime
      ? scheduleDaily(config.backupTime, () => services.backup.create('daily'), (err) => log.error({ err }, 'daily backup failed'))
      : () => {};

    const csp = contentSecurityPolicy(services.upload.storage.origins, [new URL(config.wechatJssdkUrl).origin]);
    // Behind one proxy, the client is the address that proxy appended: the last of X-Forwarded-For.
    const koa = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });
    koa.context.apiEncryptKey = config.apiEncryptKey;
    koa.on('error', (err: NodeJS.ErrnoException) => {
      // A visitor closing the tab mid-download is not a server fault.
      if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
      log.error({ err }, 'unhandled Koa error');
    });
    koa.use(requestId());
    koa.use(health(knex, config.dataDir, config.healthMinFreeMb * 1024 * 1024));
    koa.use(accessLog(log));
    koa.use(classify(config.adminBase));
    koa.use(errors(log));
    koa.use(securityHeaders(!dev, csp));
    koa.use(hosts(services.origins));
    koa.use(ipBan(services.ipBan));
    koa.use(cors(services.settings));
    koa.use(compression());
    koa.use(statics(staticMounts(config, services.builds, dev)));
    koa.use(storageRedirect(services.upload));
    koa.use(lang());
    koa.use(apiRouter(registry, services));
    koa.use(feeds(services));
    koa.use(searchPageLimit(new RateLimiter(knex, config.rateLimitFactor)));
    if (renderer.devAssets) koa.use(renderer.devAssets);
    koa.use(renderer.pages);

    await services.cacheEvents.start((event) => services.caches.apply(event));
    await services.schedule.start();
    // Unpaid top-up orders: a lost notification still credits the member, expired orders are closed.
    const payCheck = new Rounds('pending payment order check', async () => {
      const result = await services.pay.checkPending();
      return result.credited || result.closed ? { ...result } : null;
    }, log);
    payCheck.start(config.payCheckInterval);
    const reminders = reminderRounds(services.signups, log);
    reminders.start(REMINDER_INTERVAL_SECONDS);

    const early = { log, trustProxy: config.trustProxy, origins: services.origins, ipBan: services.ipBan, csp };
    const first = withFirstAnswer(
      dev
        ? koa.callback()
        : withGuestIndex(
            services.guestIndex,
            { ...early, publicUrl: config.publicUrl, encrypting: !!config.apiEncryptKey },
            withCachedPages(services.pageCache, { ...early, adminBase: config.adminBase }, renderer, koa.callback()),
          ),
      START_CHECK_WAIT_MS,
    );
    const { answered } = first;
    const listener = takingTurns(first.listener);

    // Entries missing or built from another declaration are rebuilt while the server answers, from its first
    // answer on; searches wait. The rebuild holds the writing connection: the settings every request reads are
    // loaded before it.
    await services.settings.rows();
    services.search.ensureAtStart(answered);

    return {
      listener,
      answered,
      knex,
      services,
      registry,
      renderer,
      async close() {
        await payCheck.stop();
        await reminders.stop();
        await services.cacheEvents.stop();
        services.schedule.stop();
        stopBackups();
        clearInterval(sweeps);
        await services.terminal.stop();
        await renderer.close();
        await services.scratch.close();
        await services.search.stop();
        reads.close();
        await knex.destroy();
      },
      drainLog: drain,
    };
  } catch (err) {
    reads.close();
    await knex.destroy();
    throw err;
  }
}
