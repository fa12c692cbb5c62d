import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { bootBundle } from '../helpers/bundleServer.ts';
import { design, designField as f } from '../helpers/crudDesign.ts';
import { knexSettings } from '../../src/server/db.ts';
import { loadSecret } from '../../src/server/services/secrets.ts';
import { TokenService } from '../../src/server/services/tokens.ts';

interface MenuNode {
  name: string;
  children?: MenuNode[];
}

const namesOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.name, ...namesOf(n.children ?? [])]);

interface Body<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

test('the production bundle generates a resource and serves its routes, menu and screen at once', async (t) => {
  await buildIfNeededLocked('all');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crud-bundle-'));
  const server = bootBundle(dataDir);
  try {
    const base = `http://127.0.0.1:${await server.port}`;
    // The bundle's own database, opened beside it the way a second process would, to hand the test a token.
    const knex = knexFactory(knexSettings(path.join(dataDir, 'portal.sqlite')));
    let token: string;
    try {
      const admin = await knex('admin').where({ username: 'admin' }).first<{ id: number }>('id');
      token = await new TokenService(knex, await loadSecret(knex, 'token_key'), { admin: 3600, user: 3600 }).issue('admin', admin.id);
    } finally {
      await knex.destroy();
    }
    const call = async <T>(url: string, body?: unknown): Promise<Body<T>> => {
      const res = await fetch(`${base}${url}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { batoken: token, 'think-lang': 'en', server: 'true', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      t.is(res.status, 200, url);
      return (await res.json()) as Body<T>;
    };

    const generated = await call<{ name: string }>(
      '/admin/crud.Crud/generate',
      design('bundled_note', [f('id', 'pk', { null: false }), f('title', 'string', { length: 60, null: false }), f('shown', 'switch', { defaultType: 'INPUT', default: 1 }), f('create_time', 'timestamp')], { quickSearch: ['title'] }),
    );
    t.is(generated.code, 1, generated.msg);
    t.is(generated.data.name, 'bundled/note');

    const added = await call('/admin/bundled.Note/add', { title: 'From the bundle', shown: '1' });
    t.is(added.code, 1, added.msg);
    const index = await call<{ list: { title: string }[]; total: number }>('/admin/bundled.Note/index?quickSearch=bundle');
    t.is(index.code, 1, index.msg);
    t.deepEqual(index.data.list.map((r) => r.title), ['From the bundle']);

  } finally {
    server.child.kill('SIGTERM');
    await server.exit;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
