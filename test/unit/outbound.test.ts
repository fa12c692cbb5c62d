import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressKind, Outbound, OutboundRefused, OutboundTimeout } from '../../src/server/services/outbound.ts';
import { TEST_SERVER_OPTIONS } from '../helpers/httpServer.ts';

test('addressKind: public addresses pass, every special range is named', (t) => {
  const cases: [string, ReturnType<typeof addressKind>][] = [
    ['203.0.114.9', null],
    ['8.8.8.8', null],
    ['2400:3200::1', null],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', null],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.254', 'private'],
    ['100.128.0.1', null],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.23', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ];
  for (const [address, kind] of cases) t.is(addressKind(address), kind, address);
});

test('addressKind: an IPv6 address carrying an IPv4 one is judged by the IPv4 one', (t) => {
  const cases: [string, ReturnType<typeof addressKind>][] = [
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::ffff:8.8.8.8', null],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::808:808', null],
    ['2002:a9fe:a9fe::1', 'linkLocal'],
    ['2002:0808:0808::1', null],
  ];
  for (const [address, kind] of cases) t.is(addressKind(address), kind, address);
});

test('resolve: a name is judged by every address it resolves to; the switch lets loopback and private ranges through, never link-local', async (t) => {
  let allow = false;
  const outbound = new Outbound(async () => allow);
  const refused = await t.throwsAsync(outbound.resolve('localhost'), { instanceOf: OutboundRefused });
  t.is(refused?.kind, 'loopback');
  t.true(refused?.intranet);
  allow = true;
  t.regex((await outbound.resolve('localhost')).address, /^(127\.0\.0\.1|::1)$/);
  t.is((await outbound.resolve('[::1]')).address, '::1');
  const metadata = await t.throwsAsync(outbound.resolve('169.254.169.254'), { instanceOf: OutboundRefused });
  t.false(metadata?.intranet);
  t.is(await outbound.refusal('no-such-host.invalid'), null, 'a name that does not resolve is left to the connection');
  t.is((await outbound.refusal('10.0.0.1', false))?.kind, 'private', 'an explicit switch value wins over the saved one');
});

/**
 * The deadline of a request the local server answers at once: seconds, since the file may share its process
 * with others whose work holds the event loop that long on a loaded machine (scripts/testBundle.ts).
 */
const LOCAL_DEADLINE_MS = 15_000;

test('request: pinned to the checked address, the host name kept, redirects not followed, a deadline kept', async (t) => {
  const seen: { host: string | undefined; path: string | undefined }[] = [];
  const listener = http.createServer(TEST_SERVER_OPTIONS, (req, res) => {
    seen.push({ host: req.headers.host, path: req.url });
    if (req.url === '/slow') return;
    if (req.url === '/moved') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    res.writeHead(200, { 'x-answer': 'yes' }).end('hello');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  try {
    const outbound = new Outbound(async () => true);
    const ok = await outbound.request(`http://localhost:${port}/hook`, { method: 'POST', body: '{}', timeoutMs: LOCAL_DEADLINE_MS });
    t.like(ok, { status: 200, text: 'hello' });
    t.is(ok.headers.get('x-answer'), 'yes');
    t.deepEqual(seen[0], { host: `localhost:${port}`, path: '/hook' });
    const moved = await outbound.request(`http://127.0.0.1:${port}/moved`, { method: 'GET', timeoutMs: LOCAL_DEADLINE_MS });
    t.is(moved.status, 302, 'the redirect is the answer, not followed');
    t.is(seen.length, 2);
    await t.throwsAsync(outbound.request(`http://127.0.0.1:${port}/slow`, { method: 'GET', timeoutMs: 200 }), { instanceOf: OutboundTimeout });
    await t.throwsAsync(new Outbound(async () => false).request(`http://localhost:${port}/refused`, { method: 'GET', timeoutMs: LOCAL_DEADLINE_MS }), { instanceOf: OutboundRefused });
    // An allowed request after it: had the refused one been sent, the listener would have seen it by then. (Counting
    // all requests does not tell: on a loaded machine the slow one can time out before the listener sees it.)
    await outbound.request(`http://127.0.0.1:${port}/after`, { method: 'GET', timeoutMs: LOCAL_DEADLINE_MS });
    t.deepEqual(seen.map((s) => s.path).filter((p) => p !== '/slow'), ['/hook', '/moved', '/after'], 'a refused address is never connected to');
  } finally {
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
});
