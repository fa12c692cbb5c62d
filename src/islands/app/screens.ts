import type { ComponentType } from 'react';
import type { CatalogueStore } from '../lib/translation.ts';
import { loadNamespaces } from './namespaces.ts';

/** A screen an app shows, by screen name ('auth/admin'): its code, loaded on first use, and its catalogues. */
export interface ScreenDef<P> {
  load: () => Promise<{ default: ComponentType<P> }>;
  /** Namespaces the screen uses beyond the shell's own. */
  ns?: readonly string[];
}

export type ScreenRegistry<P> = Readonly<Record<string, ScreenDef<P>>>;

/** Screens looked up by a menu rule's `component`, a view path (src/shared/views.ts). */
export interface ScreenLoader<P> {
  has(component: string): boolean;
  /** The screen's component, once its code and catalogues are in; the same promise for every call. */
  load(component: string): Promise<ComponentType<P>>;
}

/** A screen's definition by its name, for registries that grow while the app runs (generated resources). */
export type ScreenLookup<P> = (screen: string) => ScreenDef<P> | undefined;

/** `screenOf` reads the screen name out of a view path: adminScreenOf or memberScreenOf. */
export function createScreenLoader<P>(registry: ScreenRegistry<P> | ScreenLookup<P>, instance: CatalogueStore, screenOf: (component: string) => string | null): ScreenLoader<P> {
  const loaded = new Map<string, Promise<ComponentType<P>>>();
  const lookup: ScreenLookup<P> = typeof registry === 'function' ? registry : (screen) => (Object.hasOwn(registry, screen) ? registry[screen] : undefined);
  const defOf = (component: string) => {
    const screen = screenOf(component);
    const def = screen === null ? undefined : lookup(screen);
    return screen !== null && def ? { screen, def } : null;
  };
  return {
    has: (component) => defOf(component) !== null,
    load(component) {
      const found = defOf(component);
      if (!found) return Promise.reject(new Error(`Unknown screen ${component}`));
      let pending = loaded.get(found.screen);
      if (!pending) {
        const { def } = found;
        pending = Promise.all([def.load(), loadNamespaces(instance, def.ns ?? [])]).then(([module]) => module.default);
        // A failed load (network) may be retried by navigating again.
        pending.catch(() => loaded.delete(found.screen));
        loaded.set(found.screen, pending);
      }
      return pending;
    },
  };
}
