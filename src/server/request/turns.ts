import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/**
 * How long the requests started in one stretch of a turn of the event loop may run before the next ones wait.
 * A waiting request's objects outlive the young generation's collections: with 5 ms, fifty connections of
 * uncached pages (12 ms of work a round on the bench's host) had a third of their requests waiting, and the
 * scavenges copied them, 27 ms of collection every 1,000 requests instead of 21. With 10 ms that round rarely
 * waits (52 scavenges a 1,000 requests against 51.7 without turns), and a loaded server still accepts a
 * connection every 20 ms or so.
 */
export const TURN_BUDGET_MS = 10;

/**
 * `listener`, taking requests in turns: once the requests started in this turn of the event loop have run for
 * `budgetMs`, the next ones wait, in the order they came, for a later turn.
 *
 * Why: since libuv 1.45 (Node 20) a listening socket accepts one connection per turn. A turn that answers every
 * open connection's request lasts as long as all of them, so a burst of new visitors to a loaded server waited
 * in the kernel's queue for one turn each: fifty connections opened at once to the admin list (2.5 ms a request
 * on the bench's host) were accepted over 3 s, and wrk counted requests over 2 s as timeouts. Taking turns, all
 * fifty were accepted in the first second and the slowest answer came in 0.6-0.7 s.
 *
 * A request whose client left before its turn is dropped unanswered: there is nobody to answer.
 */
export function takingTurns(listener: RequestListener, budgetMs = TURN_BUDGET_MS): RequestListener {
  const waiting: Array<[IncomingMessage, ServerResponse]> = [];
  /** When the requests of this stretch began to run; -1 until one does. */
  let began = -1;
  /** Requests started since `began`. */
  let started = 0;
  /** Tickets scheduled and not yet run. */
  let tickets = 0;
  const endStretch = () => {
    began = -1;
  };
  // An immediate scheduled while the loop polls runs in the same turn, after the polling; one scheduled from
  // an immediate runs in the next turn. So each turn has two stretches with a budget each: while polling
  // (requests read from the sockets) and after it (requests that waited), and the listening socket is polled
  // between them.
  const withinBudget = (): boolean => {
    const now = performance.now();
    if (began < 0) {
      // A stretch has begun exactly when its end is scheduled.
      began = now;
      started = 0;
      setImmediate(endStretch);
      return true;
    }
    return now - began < budgetMs;
  };
  const schedule = (count: number) => {
    tickets += count;
    for (let i = 0; i < count; i++) setImmediate(ticket);
  };
  // A ticket starts one waiting request, in a callback of its own: the promises a request starts settle
  // before the next is started and before the budget is read again. Once the budget is spent the turn's other
  // tickets lapse, and the last carries as many to the next turn as this one started.
  function ticket(): void {
    tickets--;
    if (waiting.length === 0) return;
    if (!withinBudget()) {
      if (tickets === 0) schedule(Math.min(waiting.length, Math.max(1, started)));
      return;
    }
    started++;
    const [req, res] = waiting.shift()!;
    if (!req.socket.destroyed) listener(req, res);
    if (tickets === 0 && waiting.length > 0) schedule(1);
  }
  return (req, res) => {
    if (waiting.length === 0 && withinBudget()) {
      started++;
      listener(req, res);
      return;
    }
    waiting.push([req, res]);
    schedule(1);
  };
}
