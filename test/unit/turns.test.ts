import test from 'ava';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import { takingTurns } from '../../src/server/request/turns.ts';
import { spin } from '../helpers/spin.ts';

// Requests taken in turns (request/turns.ts): a turn runs requests for its budget, the rest wait for later
// turns in the order they came, and a loaded server goes on accepting connections.

const BUDGET_MS = 5;
const COST_MS = 2;

/** A request as the listener sees it, its socket open or closed. */
function request(id: number): [IncomingMessage, ServerResponse] {
  return [{ url: String(id), socket: { destroyed: false } } as unknown as IncomingMessage, {} as ServerResponse];
}

test('requests past the budget wait for later turns, a budget a turn, in the order they came; a client gone before its turn is dropped', async (t) => {
  // The turn counter's immediate is queued first, so in every turn it runs before the waiting requests.
  let turn = 0;
  let counting = true;
  const count = () => {
    turn++;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  const ran: Array<{ id: number; turn: number }> = [];
  const listener = takingTurns((req) => {
    ran.push({ id: Number(req.url), turn });
    spin(COST_MS);
  }, BUDGET_MS);
  const requests = Array.from({ length: 12 }, (_, id) => request(id));
  // Twelve requests read in one poll of the loop, as twelve sockets' data would be.
  for (const [req, res] of requests) listener(req, res);
  const atOnce = ran.length;
  t.true(atOnce >= 1 && atOnce <= Math.ceil(BUDGET_MS / COST_MS), `${atOnce} ran at once`);
  (requests[9]![0].socket as { destroyed: boolean }).destroyed = true;
  while (ran.length < 11) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 20));
  counting = false;
  t.deepEqual(
    ran.map((r) => r.id),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11],
  );
  const perTurn = new Map<number, number>();
  for (const r of ran.slice(atOnce)) perTurn.set(r.turn, (perTurn.get(r.turn) ?? 0) + 1);
  t.true(perTurn.size >= 2, 'the waiting requests took more than one turn');
  for (const [n, k] of perTurn) t.true(k <= Math.ceil(BUDGET_MS / COST_MS), `turn ${n} ran ${k}`);
});

test('a request that comes while none waits and the turn has budget left runs at once', (t) => {
  const ran: number[] = [];
  const listener = takingTurns((req) => ran.push(Number(req.url)), BUDGET_MS);
  for (const [req, res] of [request(0), request(1), request(2)]) listener(req, res);
  t.deepEqual(ran, [0, 1, 2]);
});

/** How many answers the busy connections had before the last of the new ones had its first. */
async function busyAnswersBeforeNewcomers(turns: boolean): Promise<number> {
  // A worker does not inherit the test's TypeScript loader: it registers tsx itself.
  const script = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('../helpers/busyServer.ts', import.meta.url).href)}); })`;
  const worker = new Worker(script, { eval: true, workerData: { costMs: 3, turns } });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  const busyAgent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const newAgent = new http.Agent({ keepAlive: false, maxSockets: 10 });
  const get = (agent: http.Agent, path: string) =>
    new Promise<void>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path, agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
    });
  let busyAnswers = 0;
  let loading = true;
  const busy = Array.from({ length: 20 }, async (_, i) => {
    while (loading) {
      await get(busyAgent, `/busy/${i}`);
      busyAnswers++;
    }
  });
  try {
    // Twenty connections keep the server busy; then ten visitors come at once.
    while (busyAnswers < 100) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = busyAnswers;
    await Promise.all(Array.from({ length: 10 }, (_, i) => get(newAgent, `/new/${i}`)));
    return busyAnswers - before;
  } finally {
    loading = false;
    await Promise.all(busy);
    busyAgent.destroy();
    newAgent.destroy();
    await worker.terminate();
  }
}

test('a loaded server taking turns accepts new connections while it answers the open ones', async (t) => {
  // Without turns the listening socket is polled once a turn, and a turn answers every busy connection: the
  // tenth visitor waited for about 10 x 20 busy answers (223-281 here). Taking turns, a few per turn (53-59).
  // Should Node accept several connections a turn again, the second check fails: turns are then not needed.
  const taking = await busyAnswersBeforeNewcomers(true);
  const without = await busyAnswersBeforeNewcomers(false);
  t.true(taking < 120, `${taking} busy answers before the last new connection was answered`);
  t.true(taking * 2 < without, `${taking} busy answers taking turns, ${without} without`);
});
