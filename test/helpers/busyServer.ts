import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { takingTurns } from '../../src/server/request/turns.ts';
import { TEST_SERVER_OPTIONS } from './httpServer.ts';
import { spin } from './spin.ts';

// A server on its own event loop (a worker thread), each answer taking `costMs` of CPU: a loaded server, with or
// without taking turns, for test/unit/turns.test.ts.

const { costMs, turns } = workerData as { costMs: number; turns: boolean };

const busy: http.RequestListener = (req, res) => {
  spin(costMs);
  res.end(req.url);
};

const server = http.createServer(TEST_SERVER_OPTIONS, turns ? takingTurns(busy) : busy).listen(0, '127.0.0.1', () => {
  parentPort!.postMessage((server.address() as { port: number }).port);
});
