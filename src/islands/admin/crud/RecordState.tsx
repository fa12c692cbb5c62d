import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../app/Spinner.tsx';

export interface RecordStateProps {
  /** False while the record is being read: a spinner stands in for it. */
  ready: boolean;
  /** Why the record could not be read, shown instead of it. */
  failure: string;
  children: ReactNode;
}

/** What a dialog shows while its record (or a form's choices) is being read. */
export function RecordLoading() {
  const { t } = useTranslation('crud-ui');
  return <Spinner compact label={t('form.loading')} />;
}

/** The body of a dialog showing one record: why it could not be read, a spinner while it is read, or the record. */
export function RecordState({ ready, failure, children }: RecordStateProps) {
  if (failure) {
    return (
      <div className="alert alert-danger" role="alert">
        {failure}
      </div>
    );
  }
  if (!ready) return <RecordLoading />;
  return children;
}
