import type { RequestListener } from 'node:http';

/**
 * `listener`, and a promise that settles when its first answer has gone out, or `waitMs` after this call when
 * no request has come by then: work a start can put off (the search index check) waits for it, so the first
 * visitor's page does not share the process with it.
 */
export function withFirstAnswer(listener: RequestListener, waitMs: number): { listener: RequestListener; answered: Promise<void> } {
  let settle!: () => void;
  const answered = new Promise<void>((resolve) => (settle = resolve));
  setTimeout(settle, waitMs).unref();
  let first = true;
  return {
    answered,
    listener(req, res) {
      if (first) {
        first = false;
        res.once('close', settle);
      }
      listener(req, res);
    },
  };
}
