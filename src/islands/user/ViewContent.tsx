import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { AppLocation } from '../app/paths.ts';
import type { Resolution } from '../app/routes.ts';
import { Spinner } from '../app/Spinner.tsx';
import { USER_BASE } from '../../shared/request/client.ts';
import type { ScreenProps } from './context.ts';

/** What the content area shows: a resolution and, for screens, the loaded component. */
export interface View {
  resolution: Resolution;
  location: AppLocation;
  Screen: ComponentType<ScreenProps> | null;
  failed: boolean;
}

/** The member centre's content area: the screen, an iframe page, or why there is none. */
export function ViewContent({ view, title, homeHref, t }: { view: View | null; title: string; homeHref: string; t: TFunction }) {
  if (!view) {
    return <Spinner label={t('common:title.loading')} />;
  }
  const r = view.resolution;
  if (view.failed) {
    return (
      <div className="alert alert-danger" role="alert">
        {t('shell.screenFailed')}
      </div>
    );
  }
  if (r.kind === 'screen' && view.Screen) {
    const Screen = view.Screen;
    return <Screen route={r.route} location={view.location} />;
  }
  if (r.kind === 'iframe') {
    return <iframe className="member-iframe" src={r.url} title={title} />;
  }
  if (r.kind === 'empty') {
    return (
      <div className="alert alert-info" role="status">
        {t('shell.noMenu')}
      </div>
    );
  }
  return (
    <div className="member-not-found text-center py-4" data-not-found="">
      <div className="display-5 fw-bold text-primary">404</div>
      <p className="mt-2">{t('common:notFound.tip')}</p>
      <div className="d-flex justify-content-center gap-2 flex-wrap">
        <a className="btn btn-primary" href={USER_BASE}>
          {t('shell.centreHome')}
        </a>
        <a className="btn btn-outline-primary" href={homeHref}>
          {t('nav.home')}
        </a>
      </div>
    </div>
  );
}
