import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { loadConfig } from '../../src/server/config.ts';
import { createApp, type PortalApp } from '../../src/server/app.ts';
import { buildIfNeededLocked } from './build.ts';

export interface TestServer {
  url: string;
  app: PortalApp;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Boots the real app (production build, real SQLite file in a fresh temporary DATA_DIR) on an ephemeral
 * port of 127.0.0.1. `env` adds or overrides environment variables for this server only.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  await buildIfNeededLocked();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  // Many tests log in from 127.0.0.1 at once; the limits themselves are tested with RATE_LIMIT_FACTOR=1.
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '1', RATE_LIMIT_FACTOR: '20', ...env, DATA_DIR: env.DATA_DIR ?? dataDir });
  const app = await createApp(config);
  const server = http.createServer(app.listener).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    dataDir,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; time: number; data: T };
}

/** Calls the JSON API the way our request client does (server marker, language header). */
export async function api<T = unknown>(
  base: string,
  pathname: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; lang?: string } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { server: 'true', 'think-lang': init.lang ?? 'zh-cn', ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  const res = await fetch(base + pathname, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as ApiResult<T>['body'] };
}
