import { parseIframePath } from '../app/paths.ts';
import type { ProgressBar } from '../app/progress.ts';
import type { AppRoute, RouteTable } from '../app/routes.ts';
import type { ScreenLoader } from '../app/screens.ts';
import type { ScreenProps } from './context.ts';
import { Pane, ScreenPane, type ShellApi } from './ScreenPane.tsx';
import type { OpenTabs } from './useTabs.ts';

/** Rules keep their page mounted while another tab shows when `keepalive` is set (the server sends the name). */
function keepsAlive(route: AppRoute | undefined): boolean {
  const value = route?.node.keepalive;
  return value !== undefined && value !== 0 && value !== '0' && value !== '';
}

export interface TabPanesProps {
  open: OpenTabs;
  table: RouteTable;
  activePath: string | null;
  adminBase: string;
  screens: ScreenLoader<ScreenProps>;
  shell: ShellApi;
  progress: ProgressBar | null;
  titleOf(route: AppRoute | undefined): string;
}

/**
 * The content of the open tabs: the page showing, and the pages kept alive behind it (hidden). A tab's
 * screen runs in its own pane; an iframe route shows its page in a frame.
 */
export function TabPanes({ open, table, activePath, adminBase, screens, shell, progress, titleOf }: TabPanesProps) {
  const panes = open.tabs.flatMap((tab) => {
    const route = table.routes.get(tab.path);
    const current = tab.path === activePath;
    if (!current && !(open.mounted.has(tab.path) && keepsAlive(route))) return [];
    const key = `${tab.path}#${open.refreshed[tab.path] ?? 0}`;
    const frame = route?.kind === 'iframe' ? route.node.url.trim() : parseIframePath(adminBase, tab.path);
    const title = titleOf(route);
    return [
      <Pane key={key} title={title} active={current} path={tab.path}>
        {route?.kind === 'tab' ? (
          <ScreenPane route={route} loader={screens} shell={shell} progress={progress} />
        ) : frame !== undefined ? (
          <iframe className="admin-iframe" src={frame} title={title} />
        ) : null}
      </Pane>,
    ];
  });
  return <>{panes}</>;
}
