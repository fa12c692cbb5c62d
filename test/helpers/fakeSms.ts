import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rpcSignature } from '../../src/server/services/sms/aliyun.ts';
import { tc3Authorization } from '../../src/server/services/sms/tencent.ts';
import { TEST_SERVER_OPTIONS } from './httpServer.ts';

/**
 * Local stand-ins for the SMS providers: they check each request's signature the way the providers
 * document it (with the credentials they were given) and answer in the providers' JSON formats.
 */
export interface FakeProvider<T> {
  url: string;
  /** Requests whose signature checked out. */
  received: T[];
  /** Requests refused for their signature. */
  refused: number;
  /** The next answers are this provider error instead of a success, until set back to null. */
  failWith: { code: string; message: string } | null;
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: http.Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** Alibaba Cloud Dysmsapi: GET with RPC-signed query parameters. */
export async function fakeAliyun(accessKeyId: string, accessKeySecret: string): Promise<FakeProvider<Record<string, string>>> {
  const fake: FakeProvider<Record<string, string>> = { url: '', received: [], refused: 0, failWith: null, close: async () => {} };
  const nonces = new Set<string>();
  const server = http.createServer(TEST_SERVER_OPTIONS, (req, res) => {
    const params = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams) as Record<string, string>;
    const send = (status: number, body: Record<string, string>) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const fresh = Math.abs(Date.parse(params.Timestamp ?? '') - Date.now()) < 15 * 60_000;
    const signed = params.AccessKeyId === accessKeyId && params.Signature === rpcSignature(accessKeySecret, 'GET', params);
    if (req.method !== 'GET' || !signed || !fresh || nonces.has(params.SignatureNonce ?? '')) {
      fake.refused++;
      send(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: 'fake-refused' });
      return;
    }
    nonces.add(params.SignatureNonce!);
    if (fake.failWith) {
      send(200, { Code: fake.failWith.code, Message: fake.failWith.message, RequestId: 'fake-failed' });
      return;
    }
    fake.received.push(params);
    send(200, { Code: 'OK', Message: 'OK', BizId: `biz-${fake.received.length}`, RequestId: `req-${fake.received.length}` });
  });
  fake.url = await listen(server);
  fake.close = closer(server);
  return fake;
}

export interface TencentRequest {
  headers: http.IncomingHttpHeaders;
  body: { PhoneNumberSet: string[]; SmsSdkAppId: string; SignName: string; TemplateId: string; TemplateParamSet: string[] };
}

/** Tencent Cloud SMS API 3.0: POST JSON with a TC3-HMAC-SHA256 Authorization header. */
export async function fakeTencent(secretId: string, secretKey: string): Promise<FakeProvider<TencentRequest>> {
  const fake: FakeProvider<TencentRequest> = { url: '', received: [], refused: 0, failWith: null, close: async () => {} };
  const server = http.createServer(TEST_SERVER_OPTIONS, (req, res) => {
    let payload = '';
    req.on('data', (chunk: Buffer) => (payload += chunk.toString('utf8')));
    req.on('end', () => {
      const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Response: body }));
      const timestamp = Number(req.headers['x-tc-timestamp']);
      const expected = tc3Authorization({
        secretId,
        secretKey,
        service: 'sms',
        host: req.headers.host ?? '',
        contentType: req.headers['content-type'] ?? '',
        timestamp,
        payload,
      }).authorization;
      const ok =
        req.method === 'POST' &&
        req.headers.authorization === expected &&
        req.headers['x-tc-action'] === 'SendSms' &&
        req.headers['x-tc-version'] === '2021-01-11' &&
        Math.abs(timestamp * 1000 - Date.now()) < 5 * 60_000;
      if (!ok) {
        fake.refused++;
        send({ Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'fake-refused' });
        return;
      }
      if (fake.failWith) {
        send({ SendStatusSet: [{ Code: fake.failWith.code, Message: fake.failWith.message }], RequestId: 'fake-failed' });
        return;
      }
      fake.received.push({ headers: req.headers, body: JSON.parse(payload) as TencentRequest['body'] });
      send({ SendStatusSet: [{ SerialNo: `serial-${fake.received.length}`, Code: 'Ok', Message: 'send success' }], RequestId: `req-${fake.received.length}` });
    });
  });
  fake.url = await listen(server);
  fake.close = closer(server);
  return fake;
}
