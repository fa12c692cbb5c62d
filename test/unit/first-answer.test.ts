import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { withFirstAnswer } from '../../src/server/request/firstAnswer.ts';
import { TEST_SERVER_OPTIONS } from '../helpers/httpServer.ts';

/** Whether `promise` has settled by the next turn of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
}

test('settles when the first answer has gone out, not when its request arrives', async (t) => {
  let finish!: () => void;
  const { listener, answered } = withFirstAnswer((_req, res) => {
    finish = () => res.end('first');
  }, 60_000);
  const server = http.createServer(TEST_SERVER_OPTIONS, listener).listen(0, '127.0.0.1');
  t.teardown(() => server.close());
  await new Promise((r) => server.once('listening', r));
  const response = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  while (!finish) await new Promise((r) => setTimeout(r, 5));
  t.false(await settled(answered), 'the request is being answered');
  finish();
  t.is(await (await response).text(), 'first');
  await answered;
  t.pass();
});

test('settles after the wait when no request comes', async (t) => {
  const { answered } = withFirstAnswer(() => t.fail('no request'), 30);
  t.false(await settled(answered));
  await new Promise((r) => setTimeout(r, 60));
  t.true(await settled(answered));
});
