import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Context } from 'koa';
import type { AppConfig } from '../config.ts';
import { Settings } from './settings.ts';
import { loadSecret } from './secrets.ts';
import { TokenService } from './tokens.ts';
import { AuthService } from './auth.ts';
import { CaptchaService } from './captcha.ts';
import { ImageCaptchaService } from './captcha/imageCaptcha.ts';
import { ContentService } from './content.ts';
import { CodeService } from './codes.ts';
import { MailService } from './mail.ts';
import { SmsService } from './sms.ts';
import { ALLOW_PRIVATE_SETTING, Outbound } from './outbound.ts';
import { MemberService } from './members.ts';
import { AdminLogService } from './adminLog.ts';
import { LoginThrottle } from './loginThrottle.ts';
import { PageCache, SITE_TAG } from '../pageCache.ts';
import { KeptReads } from './keptReads.ts';
import { GuestIndexCache } from '../guestIndex.ts';
import { wechatShareHead } from '../wechatShare.ts';
import { CacheRegistry } from './cacheControl.ts';
import { CacheEvents } from './cacheEvents.ts';
import { UploadService } from './upload.ts';
import { SecretBox } from './secretBox.ts';
import { PaySettings } from './pay/settings.ts';
import { PayService } from './pay/orders.ts';
import { BackupService } from './backup/index.ts';
import { createStorage } from './storage/index.ts';
import { ScratchSpace } from './scratch.ts';
import { isPostgres } from '../db.ts';
import type { Reads } from '../reads.ts';
import { OriginPolicy } from '../origin.ts';
import { IpBan } from './ipBan.ts';
import { ResourceRegistry } from './resourceRegistry.ts';
import { CrudGenerator } from './crud/generator.ts';
import type { ResourceUnit } from './crud/unit.ts';
import { Engines } from './crud/engines.ts';
import { PageBuilds } from '../builds.ts';
import { runMode, runtimeFiles } from '../runtime.ts';
import { TerminalService } from './terminal/index.ts';
import { PublishSchedule } from './publishSchedule.ts';
import { PreviewLinks } from './previews.ts';
import { SignupService } from './activity/signups.ts';
import { SignupNotices } from './activity/notices.ts';
import { SiteSearch } from './search/index.ts';
import { SnowflakeService } from './snowflake.ts';

/** Everything handlers and page data hooks need, built once per process. */
export interface Services {
  config: AppConfig;
  knex: Knex;
  log: Logger;
  settings: Settings;
  tokens: TokenService;
  auth: AuthService;
  captcha: CaptchaService;
  /** The image (digits) captcha of /api/common/captcha. */
  imageCaptcha: ImageCaptchaService;
  /** Published content for public pages and feeds. */
  content: ContentService;
  /** E-mail and SMS verification codes. */
  codes: CodeService;
  mail: MailService;
  sms: SmsService;
  /** Checks and makes connections to the addresses admins chose (mail server, SMS and payment gateways). */
  outbound: Outbound;
  members: MemberService;
  adminLog: AdminLogService;
  /** Back-off and captcha ceiling of password logins, in the database. */
  loginThrottle: LoginThrottle;
  /** Anonymous public HTML, invalidated by content kind. */
  pageCache: PageCache;
  /** Guests' answer to /api/index/index (guestIndex.ts). */
  guestIndex: GuestIndexCache;
  /** Every server cache, for "clear cache" and for invalidation after writes (in every process). */
  caches: CacheRegistry;
  /** Cache invalidations shared with the other server processes. */
  cacheEvents: CacheEvents;
  /** This process's folder for temporary files under DATA_DIR/tmp, and the sweep of those left by killed ones. */
  scratch: ScratchSpace;
  upload: UploadService;
  /** Top-up orders and the payment settings. */
  pay: PayService;
  /** Whole-site backups (database and uploads) and restores. */
  backup: BackupService;
  /** Addresses refused everywhere (the `no_access_ip` setting). */
  ipBan: IpBan;
  /** Which hosts we answer for, and the origin of each request's absolute links. */
  origins: OriginPolicy;
  /** Every resource unit: hand-written and generated (kept up to date from the database). */
  resources: ResourceRegistry;
  /** The engine of each resource unit. */
  engines: Engines;
  /** Seals the secrets that copies of rows keep apart (recycle bin, sensitive-data log). */
  rowSecrets: SecretBox;
  /** This process's snowflake ids (the keys of generated tables designed with `spk`). */
  snowflake: SnowflakeService;
  crudGenerator: CrudGenerator;
  /** The production page build being served, and the swap to a new one (the terminal's web-build). */
  builds: PageBuilds;
  /** Server commands for super admins (migrations, installs, builds), streamed to the admin's terminal. */
  terminal: TerminalService;
  /** Drops the pages of scheduled rows at their publish time, in this process. */
  schedule: PublishSchedule;
  /** Signed links that show staff a draft or scheduled row on its public page. */
  previews: PreviewLinks;
  /** Members' sign-ups for activities (and any resource declaring them). */
  signups: SignupService;
  /** The site search's index of every resource declaring `search`, and the searches. */
  search: SiteSearch;
  /** Origin used for absolute links of this request: PUBLIC_URL, else its own allowed one (origin.ts). */
  origin(ctx: Context): string;
}

export async function createServices(config: AppConfig, knex: Knex, reads: Reads, log: Logger, units: readonly ResourceUnit[]): Promise<Services> {
  const tokens = new TokenService(knex, await loadSecret(knex, 'token_key'), {
    admin: config.adminTokenKeepTime,
    user: config.userTokenKeepTime,
  });
  const scratch = await ScratchSpace.open(config.dataDir);
  const storage = await createStorage(config, scratch);
  const settings = new Settings(knex, { mode: storage.name, publicUrl: storage.publicUrl });
  const pageCache = new PageCache(wechatShareHead(config.wechatJssdkUrl), config.pageCache);
  settings.onInvalidate(() => pageCache.invalidate([SITE_TAG]));
  const guestIndex = new GuestIndexCache();
  settings.onInvalidate(() => guestIndex.clear());
  const cacheEvents = new CacheEvents(knex, log);
  const caches = new CacheRegistry(cacheEvents);
  caches.register('settings', (tags) => {
    // Config values are not split by content kind; a tagged invalidation leaves them alone.
    if (!tags) settings.invalidate();
  });
  caches.register('pages', (tags) => (tags ? pageCache.invalidate(tags) : pageCache.clear()));
  const keptReads = new KeptReads();
  caches.register('keptReads', () => keptReads.clear());
  const outbound = new Outbound(() => settings.flag(ALLOW_PRIVATE_SETTING));
  const origins = new OriginPolicy(config);
  const loginThrottle = new LoginThrottle(knex);
  const registry = new ResourceRegistry(knex, log, units);
  const schedule = new PublishSchedule(knex, () => registry.all(), (tags) => caches.apply(tags), log);
  // Every drop, here or announced by another process, may follow a write that scheduled or moved a row.
  caches.register('publishSchedule', () => schedule.reload());
  const adminLog = new AdminLogService(knex);
  const mail = new MailService(settings, outbound);
  const sms = new SmsService(knex, settings, outbound, log);
  // The single executable serves the browser build it unpacked; it cannot rebuild the pages.
  const captchaKey = await loadSecret(knex, 'captcha_key');
  const builds = new PageBuilds(config.buildDir, config.root, runMode === 'sea' ? path.dirname(runtimeFiles().clientDir) : null);
  const services: Services = {
    config,
    knex,
    log,
    settings,
    tokens,
    auth: new AuthService(knex, tokens),
    captcha: new CaptchaService(knex, captchaKey),
    imageCaptcha: new ImageCaptchaService(knex, captchaKey),
    content: new ContentService(knex, reads, registry, keptReads),
    codes: new CodeService(knex, await loadSecret(knex, 'code_key')),
    mail,
    sms,
    outbound,
    members: new MemberService(knex, tokens, loginThrottle),
    adminLog,
    loginThrottle,
    pageCache,
    guestIndex,
    caches,
    cacheEvents,
    scratch,
    upload: new UploadService(knex, settings, config, storage, scratch),
    pay: new PayService(knex, new PaySettings(knex, new SecretBox(config.secretsKey), outbound), log),
    backup: new BackupService({
      dataDir: config.dataDir,
      databaseFile: isPostgres(config.databaseUrl) ? null : config.databaseUrl,
      storage,
      scratch,
      log,
      keep: config.backupKeep,
    }),
    resources: registry,
    // The engines build behaviours from the services themselves, once they exist.
    engines: new Engines(() => services),
    rowSecrets: new SecretBox(await loadSecret(knex, 'row_copy_key')),
    snowflake: new SnowflakeService(knex),
    crudGenerator: new CrudGenerator(knex, registry),
    origins,
    ipBan: new IpBan(settings),
    builds,
    terminal: new TerminalService(knex, settings, adminLog, { config, builds, caches, saveSetting: (name, value) => settings.set(name, value) }, log),
    schedule,
    previews: new PreviewLinks(await loadSecret(knex, 'preview_key'), registry),
    signups: new SignupService(knex, registry, settings, new SignupNotices(knex, mail, sms, log)),
    search: new SiteSearch(knex, registry, log, config.searchCountCap),
    // The hosts middleware has refused any request whose origin would be null.
    origin: (ctx) => ctx.state.origin || origins.originOf(ctx.req) || config.publicUrl,
  };
  return services;
}
