import pino, { type Logger } from 'pino';

export interface PortalLogger {
  log: Logger;
  /**
   * Writes out every buffered line, then resolves: before the process exits. pino writes asynchronously
   * (a log reader that falls behind must not slow requests down), and its own flush does not wait for
   * writes in flight. Gives up after `timeoutMs` if nobody reads the output.
   */
  drain(timeoutMs: number): Promise<void>;
}

export function createLogger(level: string): PortalLogger {
  const destination = pino.destination({ dest: 1, sync: false });
  const log = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  return {
    log,
    drain: (timeoutMs) =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        destination.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        destination.end();
      }),
  };
}
