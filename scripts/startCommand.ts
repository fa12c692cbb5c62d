import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** How `npm start` runs the server once built: environment assignments, node flags and the script. */
export interface StartCommand {
  env: Record<string, string>;
  /** Arguments to node (flags, then the bundle), relative to the repository root. */
  args: string[];
}

/**
 * Reads the part of package.json's start script after `&& ... exec node`, so tests and the bench run the
 * server exactly as production does without a second copy of its flags.
 */
export function startCommand(): StartCommand {
  const script = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const tail = script.split('&&').pop()!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  const args: string[] = [];
  let seenNode = false;
  for (const word of tail) {
    if (seenNode) args.push(word);
    else if (word === 'node') seenNode = true;
    else if (/^[A-Z_]+=/.test(word)) env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
    else if (word !== 'exec') throw new Error(`Unexpected word "${word}" in the start script`);
  }
  if (!seenNode) throw new Error('The start script does not end by running node');
  return { env, args };
}
