import { Component, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminScreenOf } from '../../shared/views.ts';
import { hasNode, type NodeMap } from '../app/permissions.ts';
import type { ProgressBar } from '../app/progress.ts';
import type { AppRoute } from '../app/routes.ts';
import type { ScreenLoader } from '../app/screens.ts';
import { Spinner } from '../app/Spinner.tsx';
import { AdminContext, type AdminApi, type ScreenProps } from './context.ts';
import { screenNode } from './navigation.ts';

/** What the shell shares with every screen; `auth` and the leave guard are bound per screen. */
export interface ShellApi extends Omit<AdminApi, 'auth' | 'addLeaveGuard'> {
  nodeMap: NodeMap;
  /** Registers a leave guard of the screen at `path`; returns its removal. */
  guard(path: string, check: () => boolean): () => void;
}

/** A screen that throws while rendering shows a message in its own pane instead of taking the shell down. */
class ScreenBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface PaneProps {
  title: string;
  active: boolean;
  /** The pane's route path (data-pane), for tests and focus. */
  path: string;
  children: ReactNode;
}

/** One open page in the content area; inactive ones stay mounted (hidden) when their rule keeps them alive. */
export function Pane({ title, active, path, children }: PaneProps) {
  return (
    <section className="admin-pane" hidden={!active} aria-label={title} data-pane={path}>
      <h1 className="visually-hidden" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

function Failed() {
  const { t } = useTranslation('admin');
  return (
    <div className="alert alert-danger" role="alert">
      {t('shell.screenFailed')}
    </div>
  );
}

/** Loads a tab's screen (code and catalogues) and renders it with the admin context bound to its page. */
export function ScreenPane({ route, loader, shell, progress }: { route: AppRoute; loader: ScreenLoader<ScreenProps>; shell: ShellApi; progress: ProgressBar | null }) {
  const { t } = useTranslation('common');
  const component = route.node.component;
  const [screen, setScreen] = useState<{ Screen: ComponentType<ScreenProps> } | 'failed' | null>(null);

  useEffect(() => {
    let current = true;
    progress?.start();
    loader
      .load(component)
      .then(
        (Screen) => current && setScreen({ Screen }),
        () => current && setScreen('failed'),
      )
      .finally(() => progress?.done());
    return () => {
      current = false;
    };
  }, [loader, component, progress]);

  const api = useMemo<AdminApi>(() => {
    const { nodeMap, guard, ...rest } = shell;
    return {
      ...rest,
      auth: (query) => hasNode(nodeMap, screenNode(query, rest.adminBase, route.path), rest.adminInfo.super),
      addLeaveGuard: (check) => guard(route.path, check),
    };
  }, [shell, route.path]);

  if (screen === null) return <Spinner label={t('title.loading')} />;
  if (screen === 'failed') return <Failed />;
  const { Screen } = screen;
  return (
    <AdminContext.Provider value={api}>
      <ScreenBoundary fallback={<Failed />}>
        <Screen route={route.node} screen={adminScreenOf(component) ?? ''} />
      </ScreenBoundary>
    </AdminContext.Provider>
  );
}
