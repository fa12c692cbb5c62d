import { useSyncExternalStore } from 'react';
import type { AppHistory } from './history.ts';
import type { AppLocation } from './paths.ts';

/**
 * The history's location as React state. Null while rendering on the server and hydrating: the shell must
 * render the same thing there, and must not act (redirect) on a location the server merely guessed.
 */
export function useAppLocation(history: AppHistory | null): AppLocation | null {
  return useSyncExternalStore(
    (listener) => history?.subscribe(listener) ?? (() => undefined),
    () => history?.location() ?? null,
    () => null,
  );
}
