/**
 * Whoever runs the server bundle from V8's code cache (launcher.ts) registers under this key an import() that
 * works: code run by vm.Script has no module loader, so the bundle's own import() fails ("A dynamic import
 * callback was not specified").
 */
export const IMPORT_HOOK: unique symbol = Symbol.for('canal-portal.importFile');

type Importer = (url: string) => Promise<unknown>;

/**
 * import() of a module on disk (a page build), from the sources, the bundle, or the bundle run from its cache.
 * Node's own loader imports a page build as it is (vite.config.ts builds in the packages it would refuse).
 */
export function importFile(url: string): Promise<unknown> {
  const hook = (globalThis as { [IMPORT_HOOK]?: Importer })[IMPORT_HOOK];
  return hook ? hook(url) : import(url);
}
