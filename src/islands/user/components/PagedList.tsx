import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { browserRequest } from '../../lib/request.ts';
import { Spinner } from '../../app/Spinner.tsx';

/** One page of a member-centre list from the API, fetched again whenever the page (or `version`) changes. */
export function usePagedList<T extends { total: number }>(url: string, page: number, limit: number, version = 0) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setFailed(false);
    browserRequest()<T>(url, { params: { page, limit } }).then(
      (answer) => current && setData(answer.data),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [url, page, limit, version]);
  return { data, setData, failed };
}

interface ListStatusProps {
  failed: boolean;
  loading: boolean;
  failedText: string;
  /** The bootstrap icon of the empty state. */
  icon: string;
  children: ReactNode;
}

/** What a list shows instead of rows: why it failed, a spinner while loading, or its empty state. */
export function ListStatus({ failed, loading, failedText, icon, children }: ListStatusProps) {
  const { t } = useTranslation('common');
  if (failed) {
    return (
      <div className="alert alert-warning" role="alert">
        {failedText}
      </div>
    );
  }
  if (loading) {
    return <Spinner compact label={t('title.loading')} />;
  }
  return (
    <div className="member-empty" data-empty="">
      <i className={`bi ${icon} fs-1 d-block mb-2`} aria-hidden="true" />
      {children}
    </div>
  );
}
