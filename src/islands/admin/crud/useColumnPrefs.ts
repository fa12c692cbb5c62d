import { useCallback, useState } from 'react';
import type { ResourceDef } from '../../../resources/types.ts';
import { columnStorageKey, parseColumnPrefs } from './listModel.ts';

function readPrefs(key: string): Record<string, boolean> {
  try {
    return parseColumnPrefs(window.localStorage.getItem(key));
  } catch {
    return {};
  }
}

/**
 * The columns an admin chose to show or hide in a resource's table, kept in localStorage per resource.
 * `defaults` holds the screen's own choices where the admin made none.
 */
export function useColumnPrefs(def: Pick<ResourceDef, 'name'>, defaults: Readonly<Record<string, boolean>> = {}) {
  const storageKey = columnStorageKey(def);
  const [prefs, setPrefs] = useState<Record<string, boolean>>(() => ({ ...defaults, ...readPrefs(storageKey) }));
  const setColumn = useCallback(
    (field: string, shown: boolean) => {
      setPrefs((old) => {
        const next = { ...old, [field]: shown };
        try {
          window.localStorage.setItem(storageKey, JSON.stringify(next));
        } catch {
          // Private mode or a full quota: the choice lasts until the page is left.
        }
        return next;
      });
    },
    [storageKey],
  );
  return { prefs, setColumn };
}
