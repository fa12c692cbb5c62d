import type { IncomingMessage } from 'node:http';
import accepts from 'accepts';

/** The encodings answers may use, best first. */
export const RESPONSE_ENCODINGS = ['br', 'gzip', 'identity'] as const;

export type Encoding = (typeof RESPONSE_ENCODINGS)[number];

/** Bodies from this size on are compressed; smaller ones gain too little for the work. */
export const COMPRESSION_THRESHOLD = 1024;

/** The levels of a body compressed for one answer: quick, as it is made on every request. */
export const QUICK_LEVELS = { br: 4, gzip: 6 } as const;

/** The encoding an answer goes out in, or null when the request accepts none of ours (identity;q=0): a 406. */
export function encodingOf(req: IncomingMessage): Encoding | null {
  const accepted = req.headers['accept-encoding'] ? accepts(req).encodings(...RESPONSE_ENCODINGS) : 'identity';
  if (!accepted) return null;
  return accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
}
