import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import Koa from 'koa';
import { compression } from '../../src/server/middleware/compression.ts';
import { QUICK_LEVELS, compressBody, deflateWindowBits } from '../../src/server/request/encoding.ts';
import { TEST_SERVER_OPTIONS } from '../helpers/httpServer.ts';

// The compression middleware on a bare Koa app: each body kind the portal answers with, read back as raw bytes.

const json = { list: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `运河新闻 ${i}`, title_en: `Canal news ${i}` })) };
const large = 'Grand Canal '.repeat(30_000);
const bodies: Record<string, (ctx: Koa.Context) => void> = {
  '/json': (ctx) => (ctx.body = json),
  '/small': (ctx) => (ctx.body = { ok: true }),
  '/large': (ctx) => (ctx.body = large),
  '/stream': (ctx) => {
    ctx.type = 'text/css';
    ctx.body = Readable.from([Buffer.from('a{color:red}'.repeat(500))]);
  },
  '/image': (ctx) => {
    ctx.type = 'image/png';
    ctx.body = Buffer.alloc(4096, 7);
  },
  '/no-transform': (ctx) => {
    ctx.set('Cache-Control', 'public, no-transform');
    ctx.body = json;
  },
  '/encoded': (ctx) => {
    ctx.type = 'text/html';
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = zlib.gzipSync('<p>already</p>'.repeat(200));
  },
};

let url = '';
let server: http.Server;
test.before(async () => {
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => bodies[ctx.path]?.(ctx));
  server = http.createServer(TEST_SERVER_OPTIONS, app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after.always(() => server?.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * The answer as sent: fetch() would decode it. Each on a connection of its own: a kept-alive one the server
 * closed as idle while a busy machine held the test back was reset under the next request (ECONNRESET).
 */
function raw(path: string, encoding: string, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url + path, { method, agent: false, headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

for (const path of ['/json', '/large', '/stream']) {
  for (const encoding of ['br', 'gzip'] as const) {
    test(`${path} in ${encoding}: the same bytes as uncompressed, and the length sent is the length`, async (t) => {
      const plain = await raw(path, 'identity');
      t.is(plain.headers['content-encoding'], undefined);
      const packed = await raw(path, encoding);
      t.is(packed.status, 200);
      t.is(packed.headers['content-encoding'], encoding);
      t.is(packed.headers['content-type'], plain.headers['content-type']);
      t.regex(String(packed.headers.vary), /Accept-Encoding/i);
      t.true(packed.body.length < plain.body.length / 2);
      t.deepEqual(decode[encoding](packed.body), plain.body);
      // Bodies compressed in one call go out with their compressed length; streamed ones (a stream, or a body
      // above 256 KB) chunked.
      if (path === '/json') t.is(Number(packed.headers['content-length']), packed.body.length);
      else t.is(packed.headers['transfer-encoding'], 'chunked');
    });
  }
}

test('what is not compressed: small bodies, images, no-transform, HEAD, bodies already encoded', async (t) => {
  for (const path of ['/small', '/image', '/no-transform']) {
    const res = await raw(path, 'br, gzip');
    t.is(res.status, 200, path);
    t.is(res.headers['content-encoding'], undefined, path);
  }
  // A small JSON answer goes out as JSON, whole and typed.
  const small = await raw('/small', 'br, gzip');
  t.regex(String(small.headers['content-type']), /^application\/json/);
  t.deepEqual(JSON.parse(small.body.toString()), { ok: true });
  t.is(Number(small.headers['content-length']), small.body.length);
  const head = await raw('/json', 'br', 'HEAD');
  t.is(head.headers['content-encoding'], undefined);
  const encoded = await raw('/encoded', 'br');
  t.is(encoded.headers['content-encoding'], 'gzip');
  t.is(zlib.gunzipSync(encoded.body).toString(), '<p>already</p>'.repeat(200));
});

test('a request that accepts none of our encodings gets 406 and no body is made', async (t) => {
  const res = await raw('/json', 'identity;q=0');
  t.is(res.status, 406);
});

// The encoders' options fitted to a body (src/server/request/encoding.ts): less work, never other bytes.

test('the deflate window is the smallest that reaches the first byte of a body from its last, within the 9 to 15 bits of zlib', (t) => {
  t.is(deflateWindowBits(0), 9);
  for (let bits = 9; bits <= 15; bits++) {
    // Deflate reaches back its window less 262 bytes.
    t.is(deflateWindowBits(2 ** bits - 262), bits);
    t.is(deflateWindowBits(2 ** bits - 261), Math.min(bits + 1, 15));
  }
  t.is(deflateWindowBits(10 * 1024 * 1024), 15);
});

test('a body compressed with the fitted options is the same bytes as with the defaults of the encoders', (t) => {
  for (let bits = 9; bits <= 16; bits++) {
    for (const length of [2 ** bits - 262, 2 ** bits - 261, 2 ** bits - 100, 2 ** bits]) {
      // Its last 64 bytes repeat its first, the rest is noise: only a window reaching the whole body finds that match.
      const [head, middle] = [randomBytes(64), randomBytes(length - 128)];
      const body = Buffer.concat([head, middle, head]);
      const gzip = compressBody(body, 'gzip', QUICK_LEVELS);
      t.deepEqual(gzip, zlib.gzipSync(body, { level: QUICK_LEVELS.gzip }), `gzip, ${length} bytes`);
      const unmatched = zlib.gzipSync(Buffer.concat([head, middle, randomBytes(64)]), { level: QUICK_LEVELS.gzip });
      if (length <= 32 * 1024 - 262) t.true(gzip.length < unmatched.length, `the repeat found in ${length} bytes`);
      const br = compressBody(body.toString('latin1'), 'br', { br: 9, gzip: 9 });
      t.deepEqual(br, zlib.brotliCompressSync(body.toString('latin1'), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }), `br, ${length} bytes`);
    }
  }
});
