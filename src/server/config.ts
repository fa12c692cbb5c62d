import path from 'node:path';
import { installRoot } from './runtime.ts';
import { SEARCH_COUNT_CAP } from '../shared/search.ts';

/** Everything the process reads from its environment, validated once at boot. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file path, or a postgres:// URL. */
  databaseUrl: string;
  /** Where admin pages live; the admin API moves to `${adminBase}.php/` when this is not /admin. */
  adminBase: string;
  /** Absolute origin used for canonical links, sitemap and mail (no trailing slash); empty = derive from the request. */
  publicUrl: string;
  /**
   * Without PUBLIC_URL, the host names (lower case; `.example.org` also matches its subdomains) a request
   * may name in its Host header: links are built from it, so any other host is refused (421).
   */
  allowedHosts: string[];
  logLevel: string;
  adminPassword: string;
  adminTokenKeepTime: number;
  userTokenKeepTime: number;
  adminLoginCaptcha: boolean;
  userLoginCaptcha: boolean;
  /** Key for AES-encrypting envelope `data`; empty = responses are plain JSON. */
  apiEncryptKey: string;
  seedDemo: boolean;
  /** Multiplies every per-IP rate limit (sites behind one NAT may need more); 0 turns them off. */
  rateLimitFactor: number;
  /** Behind a reverse proxy: take the client address and protocol from its X-Forwarded-* headers. */
  trustProxy: boolean;
  /** Base URL of WeChat's server API (code2Session of the mini program); tests point it at a local fake. */
  wechatApiBase: string;
  /** WeChat's JS-SDK script, loaded by pages opened in WeChat's browser for their share card. */
  wechatJssdkUrl: string;
  /** Key (any string of 16+ characters) that encrypts stored secrets such as payment keys; empty = they cannot be saved. */
  secretsKey: string;
  /** Seconds between background checks of pending payment orders; 0 turns the check off. */
  payCheckInterval: number;
  /** Whether anonymous public pages are kept in memory between requests (off: every request renders, for debugging and measuring). */
  pageCache: boolean;
  /** Matches a site search counts before its total says "more than". */
  searchCountCap: number;
  /** Admin lists count their rows exactly up to this many; above it their total is an estimate ("about N"). */
  listExactCount: number;
  /** Time of the daily backup, HH:MM in the server's time zone; empty = no scheduled backups. */
  backupTime: string;
  /** Backups of each automatic kind (daily, before a restore) kept; older ones are removed. */
  backupKeep: number;
  /** /healthz reports failure when DATA_DIR's disk has less free space than this. */
  healthMinFreeMb: number;
  /** Where uploaded files live: 'local' (DATA_DIR/storage) or 's3' (an S3-compatible bucket). */
  uploadMode: 'local' | 's3';
  /** The bucket of the s3 mode; null in local mode. */
  s3: S3Settings | null;
  /** Root of the repository (where dist/, public/ and src/ are); the working directory of the single executable. */
  root: string;
  /**
   * The production page build (`dist` under the root). The terminal's web-build writes each new build into a
   * fresh folder beside it (`<buildDir>-builds/`) and re-points this path at it.
   */
  buildDir: string;
}

/** An S3-compatible bucket: AWS S3, Alibaba Cloud OSS, Tencent COS, MinIO... */
export interface S3Settings {
  bucket: string;
  region: string;
  /** The service's API address, e.g. https://oss-cn-hangzhou.aliyuncs.com; empty = AWS S3 of the region. */
  endpoint: string;
  /** Empty = the AWS SDK's usual sources (environment, instance role...). */
  accessKeyId: string;
  secretAccessKey: string;
  /** Public address of the bucket's files (a CDN, or the bucket's public domain); empty = a private bucket, served through the portal with signed URLs. */
  publicUrl: string;
  /** Address the bucket as <endpoint>/<bucket> (MinIO and most local servers) rather than <bucket>.<endpoint>. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function httpUrl(env: Env, name: string, example: string): string {
  const value = (env[name]?.trim() || '').replace(/\/+$/, '');
  if (value && !/^https?:\/\/[^/]+/.test(value)) throw new ConfigError(`${name} must be an http(s) URL such as ${example}, got "${env[name]}"`);
  return value;
}

function storageSettings(env: Env): Pick<AppConfig, 'uploadMode' | 's3'> {
  const mode = env.UPLOAD_MODE?.trim().toLowerCase() || 'local';
  if (mode === 'local') return { uploadMode: 'local', s3: null };
  if (mode !== 's3') throw new ConfigError(`UPLOAD_MODE must be local or s3, got "${env.UPLOAD_MODE}"`);
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`UPLOAD_MODE=s3 needs S3_BUCKET, a bucket name of 3-63 lower-case letters, digits, dots and hyphens, got "${bucket}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if (!accessKeyId !== !secretAccessKey) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK\'s own credentials');
  return {
    uploadMode: 's3',
    s3: {
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      endpoint: httpUrl(env, 'S3_ENDPOINT', 'https://oss-cn-hangzhou.aliyuncs.com'),
      accessKeyId,
      secretAccessKey,
      publicUrl: httpUrl(env, 'S3_PUBLIC_URL', 'https://files.canal.example.org'),
      forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
    },
  };
}

/** Loopback names: a fresh install answers on its own machine and nowhere else until told its name. */
const DEFAULT_ALLOWED_HOSTS = 'localhost,127.0.0.1,::1';

const ROOT = installRoot;

function backupTime(env: Env): string {
  const raw = (env.BACKUP_TIME ?? '03:00').trim().toLowerCase();
  if (raw === '' || raw === 'off') return '';
  const m = /^(\d{1,2}):(\d{2})$/.exec(raw);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new ConfigError(`BACKUP_TIME must be HH:MM (24-hour) or off, got "${env.BACKUP_TIME}"`);
  return `${m[1]!.padStart(2, '0')}:${m[2]}`;
}

export function loadConfig(env: Env = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(ROOT, env.DATA_DIR?.trim() || 'data');
  const adminBase = (env.ADMIN_BASE?.trim() || '/admin').replace(/\/+$/, '');
  if (!/^\/[A-Za-z0-9_-]+$/.test(adminBase)) {
    throw new ConfigError(`ADMIN_BASE must look like /admin (one path segment of letters, digits, _ or -), got "${env.ADMIN_BASE}"`);
  }
  if (['/api', '/user', '/storage', '/assets'].includes(adminBase.toLowerCase())) {
    throw new ConfigError(`ADMIN_BASE cannot be ${adminBase}: that path belongs to another part of the portal`);
  }
  const publicUrl = (env.PUBLIC_URL?.trim() || '').replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/]+/.test(publicUrl)) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) origin such as https://canal.example.org, got "${env.PUBLIC_URL}"`);
  }
  const secretsKey = env.SECRETS_KEY ?? '';
  if (secretsKey !== '' && secretsKey.length < 16) {
    throw new ConfigError('SECRETS_KEY must be at least 16 characters long (e.g. the output of `openssl rand -hex 32`)');
  }
  const databaseUrl = env.DATABASE_URL?.trim() || path.join(dataDir, 'portal.sqlite');
  const wechatApiBase = (env.WECHAT_API_BASE?.trim() || 'https://api.weixin.qq.com').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(wechatApiBase)) {
    throw new ConfigError(`WECHAT_API_BASE must be an http(s) URL such as https://api.weixin.qq.com, got "${env.WECHAT_API_BASE}"`);
  }
  const wechatJssdkUrl = env.WECHAT_JSSDK_URL?.trim() || 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
  if (!/^https?:\/\/[^/]+\/\S*$/.test(wechatJssdkUrl)) {
    throw new ConfigError(`WECHAT_JSSDK_URL must be an http(s) URL such as https://res.wx.qq.com/open/js/jweixin-1.6.0.js, got "${env.WECHAT_JSSDK_URL}"`);
  }
  const allowedHosts = (env.ALLOWED_HOSTS?.trim() || DEFAULT_ALLOWED_HOSTS)
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
    .filter(Boolean);
  const badHost = allowedHosts.find((h) => !/^\.?[a-z0-9_.-]+$|^[0-9a-f:.]+$/.test(h));
  if (badHost !== undefined) {
    throw new ConfigError(`ALLOWED_HOSTS must list host names without scheme or port, e.g. canal.example.org,.example.org, got "${badHost}"`);
  }
  const buildDir = path.resolve(ROOT, env.BUILD_DIR?.trim() || 'dist');
  // Vite (with Vike) only builds into folders inside the project.
  if (path.relative(ROOT, buildDir).startsWith('..') || buildDir === ROOT) {
    throw new ConfigError(`BUILD_DIR must be a folder inside ${ROOT}, got "${env.BUILD_DIR}"`);
  }
  return {
    port: int(env, 'PORT', 8000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    databaseUrl,
    adminBase,
    publicUrl,
    allowedHosts,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    adminPassword: env.ADMIN_PASSWORD ?? '',
    adminTokenKeepTime: int(env, 'ADMIN_TOKEN_KEEP_TIME', 259200, 60, 31536000),
    userTokenKeepTime: int(env, 'USER_TOKEN_KEEP_TIME', 259200, 60, 31536000),
    adminLoginCaptcha: bool(env, 'ADMIN_LOGIN_CAPTCHA', true),
    userLoginCaptcha: bool(env, 'USER_LOGIN_CAPTCHA', true),
    apiEncryptKey: env.API_ENCRYPT_KEY ?? '',
    seedDemo: bool(env, 'SEED_DEMO', true),
    rateLimitFactor: int(env, 'RATE_LIMIT_FACTOR', 1, 0, 1000),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    wechatApiBase,
    wechatJssdkUrl,
    secretsKey,
    payCheckInterval: int(env, 'PAY_CHECK_INTERVAL', 60, 0, 86400),
    pageCache: bool(env, 'PAGE_CACHE', true),
    searchCountCap: int(env, 'SEARCH_COUNT_CAP', SEARCH_COUNT_CAP, 1, SEARCH_COUNT_CAP),
    listExactCount: int(env, 'LIST_EXACT_COUNT', 10_000, 1, 100_000_000),
    backupTime: backupTime(env),
    backupKeep: int(env, 'BACKUP_KEEP', 7, 1, 1000),
    healthMinFreeMb: int(env, 'HEALTH_MIN_FREE_MB', 100, 0, 10_000_000),
    ...storageSettings(env),
    root: ROOT,
    buildDir,
    ...overrides,
  };
}
