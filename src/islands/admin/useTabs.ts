import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../shared/constants/storage.ts';
import { normalizePathname } from '../app/paths.ts';
import type { RouteTable } from '../app/routes.ts';
import { readKey, writeKey } from './store.ts';
import type { TabCommand } from './TabBar.tsx';
import { closeOtherTabs, closeTab, moveTab, openTab, restoreTabs, serializeTabs, tabHref, type Tab } from './tabs.ts';
import type { AdminRouter } from './useAdminRouter.ts';

export interface OpenTabs {
  tabs: Tab[];
  /** Tabs shown since the page loaded: the ones a rule keeps alive stay mounted. */
  mounted: ReadonlySet<string>;
  /** How often each tab was refreshed: part of its pane's key, so a refresh mounts the screen afresh. */
  refreshed: Readonly<Record<string, number>>;
  /**
   * After the menus loaded: the first time, the tabs this browser kept (an iframe page shown before the
   * menus arrived stays open too); later, the open tabs that are still pages.
   */
  restore(table: RouteTable, first: boolean): void;
  /** A command of a tab's menu: refresh, close, close the others or all, move left or right. */
  command(tab: Tab, command: TabCommand): void;
}

function isPage(table: RouteTable) {
  return (path: string) => {
    const route = table.routes.get(path);
    return route !== undefined && route.kind !== 'group';
  };
}

/**
 * The admin's open pages as the shell's state: every page shown becomes (or updates) its tab, the list is
 * kept in localStorage `tabView` once the menus are in, and closing asks the screens' leave guards first.
 */
export function useTabs(router: AdminRouter, table: RouteTable | null, ready: boolean): OpenTabs {
  const { history, location, activePath, go, leaveAllowed, notify } = router;
  const [tabs, setTabs] = useState<Tab[]>([]);
  const [mounted, setMounted] = useState<ReadonlySet<string>>(new Set());
  const [refreshed, setRefreshed] = useState<Readonly<Record<string, number>>>({});

  const restore = useCallback((built: RouteTable, first: boolean) => {
    setTabs((open) => {
      if (!first) return open.filter((tab) => isPage(built)(tab.path));
      const restored = restoreTabs(readKey(STORAGE_KEYS.tabView), isPage(built));
      return [...restored, ...open.filter((tab) => !restored.some((r) => r.path === tab.path))];
    });
  }, []);

  useEffect(() => {
    if (ready) writeKey(STORAGE_KEYS.tabView, serializeTabs(tabs));
  }, [tabs, ready]);

  useEffect(() => {
    if (!location || !activePath) return;
    setTabs((open) => openTab(open, activePath, location.search));
    setMounted((seen) => (seen.has(activePath) ? seen : new Set(seen).add(activePath)));
  }, [activePath, location]);

  /** Closes tabs (after their screens agree), then shows `next`, or the first page when nothing is left open. */
  function closeTabs(closing: readonly Tab[], remaining: Tab[], next: Tab | null): void {
    if (!history || !table) return;
    if (closing.some((tab) => !leaveAllowed(tab.path))) return notify('guardIntercepted');
    const gone = new Set(closing.map((tab) => tab.path));
    setMounted((seen) => new Set([...seen].filter((p) => !gone.has(p))));
    if (!activePath || !gone.has(activePath)) {
      setTabs(remaining);
      return;
    }
    if (next) {
      setTabs(remaining);
      history.push(tabHref(next));
    } else if (table.first) {
      // Nothing left: the first page opens again (also when it is the one just closed).
      const home = normalizePathname(table.first);
      setTabs([{ path: home, search: '' }]);
      if (home !== activePath) history.push(table.first);
    }
  }

  function command(tab: Tab, command: TabCommand): void {
    switch (command) {
      case 'refresh':
        // A remount loses what the screen holds, so its guards are asked as for leaving it.
        if (!leaveAllowed(tab.path)) return notify('guardIntercepted');
        setRefreshed((r) => ({ ...r, [tab.path]: (r[tab.path] ?? 0) + 1 }));
        if (tab.path !== activePath) go(tabHref(tab));
        return;
      case 'close': {
        const { tabs: remaining, next } = closeTab(tabs, tab.path);
        return closeTabs([tab], remaining, next);
      }
      case 'closeOthers':
        return closeTabs(
          tabs.filter((other) => other.path !== tab.path),
          closeOtherTabs(tabs, tab.path),
          tab,
        );
      case 'closeAll':
        return closeTabs(tabs, [], null);
      case 'moveLeft':
      case 'moveRight': {
        const moved = moveTab(tabs, tab.path, command === 'moveLeft' ? -1 : 1);
        if (moved.ok) setTabs(moved.tabs);
        else notify(moved.error);
      }
    }
  }

  return { tabs, mounted, refreshed, restore, command };
}
