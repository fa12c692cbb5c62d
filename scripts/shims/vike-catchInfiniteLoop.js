// Vike's loop guard (vike/dist/utils/catchInfiniteLoop.js) with the same rule, for the server bundle. Vike
// keys a tracker by request, and each call walked every tracker of the last five seconds and wrote its
// message: the time grew with the request rate (4 % of an uncached page at 200 requests a second). Here the
// sweep runs at most once a second and the message is written only when it is shown.
import { assertUsage, assertWarning } from './assert.js';
import { humanizeTime } from './humanizeTime.js';

const trackers = new Map();
const maxCalls = 99;
const time = 5 * 1000;
let swept = 0;

export function catchInfiniteLoop(functionName) {
  const now = Date.now();
  if (now - swept >= 1000) {
    swept = now;
    for (const [key, tracker] of trackers) if (now - tracker.startTime > time) trackers.delete(key);
  }
  let tracker = trackers.get(functionName);
  if (!tracker || now - tracker.startTime > time) {
    tracker = { count: 0, startTime: now, warned: false };
    trackers.set(functionName, tracker);
  }
  tracker.count++;
  if (tracker.count <= maxCalls * 0.5) return;
  const msg = `${functionName} called ${tracker.count} times within ${humanizeTime(time)} — infinite loop?`;
  if (tracker.count > maxCalls) assertUsage(false, msg);
  if (!tracker.warned) {
    // Warning is shown upon 10 calls a second, on average during 5 seconds, given the default parameters.
    assertWarning(false, msg, { onlyOnce: false, showStackTrace: true });
    tracker.warned = true;
  }
}
