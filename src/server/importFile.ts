import { register } from 'node:module';

/**
 * Whoever runs the server bundle from V8's code cache (launcher.ts) registers under this key an import() that
 * works: code run by vm.Script has no module loader, so the bundle's own import() fails ("A dynamic import
 * callback was not specified").
 */
export const IMPORT_HOOK: unique symbol = Symbol.for('canal-portal.importFile');

type Importer = (url: string) => Promise<unknown>;

/**
 * A page build names some packages' modules as CommonJS does, and as their packages are written for: by folder
 * ('react-bootstrap/Offcanvas') or without an extension. Node's own loader refuses both, so a build loaded from
 * disk (the terminal's new one, or any in a process without tsx) failed on the admin's pages; where it
 * refuses, this asks Node's CommonJS lookup instead. A data: URL, so the bundle carries it.
 */
export const PACKAGE_LOOKUP = `
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const RETRY = new Set(['ERR_UNSUPPORTED_DIR_IMPORT', 'ERR_MODULE_NOT_FOUND']);
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (!RETRY.has(error?.code) || !context.parentURL?.startsWith('file:')) throw error;
    let found;
    try {
      found = createRequire(context.parentURL).resolve(specifier);
    } catch {
      throw error;
    }
    return { url: pathToFileURL(found).href, shortCircuit: true };
  }
}
`;

let lookupRegistered = false;

/** import() of a module on disk (a new page build), from the sources, the bundle, or the bundle run from its cache. */
export function importFile(url: string): Promise<unknown> {
  if (!lookupRegistered) {
    register(`data:text/javascript,${encodeURIComponent(PACKAGE_LOOKUP)}`);
    lookupRegistered = true;
  }
  const hook = (globalThis as { [IMPORT_HOOK]?: Importer })[IMPORT_HOOK];
  return hook ? hook(url) : import(url);
}
