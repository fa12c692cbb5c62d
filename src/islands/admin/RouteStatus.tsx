import { useTranslation } from 'react-i18next';
import type { Resolution } from '../app/routes.ts';
import { Spinner } from '../app/Spinner.tsx';
import { navErrorKey, type NavError } from './navigation.ts';

/** The content area when no page shows: waiting for the routes, not found, or no page at all. */
export function RouteStatus({ resolution, adminBase, reason }: { resolution: Resolution; adminBase: string; reason: NavError | null }) {
  const { t } = useTranslation(['admin', 'common']);
  if (resolution.kind === 'empty') {
    return (
      <div className="alert alert-warning" role="alert" data-nav-error="noChildMenu">
        {t(navErrorKey('noChildMenu'))}
      </div>
    );
  }
  if (resolution.kind !== 'notFound') return <Spinner label={t('common:title.loading')} />;
  return (
    <div className="admin-not-found" data-not-found="">
      <div className="admin-not-found-code" aria-hidden="true">
        404
      </div>
      <h1 className="h4">{t('common:title.notFound')}</h1>
      <p>{t('common:notFound.tip')}</p>
      {reason && (
        <div className="alert alert-warning d-inline-block" role="alert" data-nav-error={reason}>
          {t(navErrorKey(reason))}
        </div>
      )}
      <div>
        <a className="btn btn-primary" href={adminBase}>
          {t('shell.adminHome')}
        </a>
      </div>
    </div>
  );
}
