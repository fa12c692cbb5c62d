import type { ComponentType } from 'react';
import type { i18n } from 'i18next';
import { loadNamespaces } from './namespaces.ts';

/** A screen an app shows for a menu component key: its code, loaded on first use, and its catalogues. */
export interface ScreenDef<P> {
  load: () => Promise<{ default: ComponentType<P> }>;
  /** Namespaces the screen uses beyond the shell's own. */
  ns?: readonly string[];
}

export type ScreenRegistry<P> = Readonly<Record<string, ScreenDef<P>>>;

export interface ScreenLoader<P> {
  has(component: string): boolean;
  /** The screen's component, once its code and catalogues are in; the same promise for every call. */
  load(component: string): Promise<ComponentType<P>>;
}

export function createScreenLoader<P>(registry: ScreenRegistry<P>, instance: i18n): ScreenLoader<P> {
  const loaded = new Map<string, Promise<ComponentType<P>>>();
  return {
    has: (component) => Object.hasOwn(registry, component),
    load(component) {
      let pending = loaded.get(component);
      if (!pending) {
        const def = registry[component];
        if (!def) return Promise.reject(new Error(`Unknown screen ${component}`));
        pending = Promise.all([def.load(), loadNamespaces(instance, def.ns ?? [])]).then(([module]) => module.default);
        // A failed load (network) may be retried by navigating again.
        pending.catch(() => loaded.delete(component));
        loaded.set(component, pending);
      }
      return pending;
    },
  };
}
