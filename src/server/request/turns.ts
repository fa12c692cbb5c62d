import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/**
 * How long the requests started in one turn of the event loop may run before the next ones wait for a later
 * turn. Long enough that a turn answering fifty cached pages (about 2 ms) never waits; short enough that a
 * loaded server still accepts a new connection every few milliseconds.
 */
export const TURN_BUDGET_MS = 5;

/**
 * `listener`, taking requests in turns: once the requests started in this turn of the event loop have run for
 * `budgetMs`, the next ones wait, in the order they came, for a later turn.
 *
 * Why: since libuv 1.45 (Node 20) a listening socket accepts one connection per turn. A turn that answers every
 * open connection's request lasts as long as all of them, so a burst of new visitors to a loaded server waited
 * in the kernel's queue for one turn each: fifty connections opened at once to the admin list (2.5 ms a request
 * on the bench's host) were accepted over 3 s, and wrk counted requests over 2 s as timeouts. Taking turns, the
 * fifty were accepted in the first turns and the slowest answer came in 0.6 s.
 *
 * A request whose client left before its turn is dropped unanswered: there is nobody to answer.
 */
export function takingTurns(listener: RequestListener, budgetMs = TURN_BUDGET_MS): RequestListener {
  const waiting: Array<[IncomingMessage, ServerResponse]> = [];
  /** When the requests of this turn began to run; -1 until one does. */
  let turnBegan = -1;
  let endPending = false;
  const endTurn = () => {
    endPending = false;
    turnBegan = -1;
  };
  // An immediate scheduled while the loop polls runs in the same turn, after the polling; one scheduled from
  // an immediate runs in the next turn. So each turn has two budgets: one while polling (requests read from the
  // sockets) and one after it (requests that waited), and the listening socket is polled between them.
  const withinBudget = (): boolean => {
    const now = performance.now();
    if (turnBegan < 0) {
      turnBegan = now;
      if (!endPending) {
        endPending = true;
        setImmediate(endTurn);
      }
      return true;
    }
    return now - turnBegan < budgetMs;
  };
  // One ticket per waiting request, so the waiting ones run one callback each: the promises a request starts
  // settle before the next is started and before the budget is read again.
  const ticket = () => {
    if (!withinBudget()) {
      setImmediate(ticket);
      return;
    }
    const [req, res] = waiting.shift()!;
    if (!req.socket.destroyed) listener(req, res);
  };
  return (req, res) => {
    if (waiting.length === 0 && withinBudget()) {
      listener(req, res);
      return;
    }
    waiting.push([req, res]);
    setImmediate(ticket);
  };
}
