import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal.tsx';

export interface ReadOnlyDialogProps {
  title: string;
  /** False while the record is being read: a spinner stands in for it. */
  ready?: boolean;
  /** Why the record could not be read, shown instead of it. */
  failure?: string;
  onClose(): void;
  children: ReactNode;
}

/** A dialog that shows one record and offers nothing but closing it (details of a log entry or a read-only row). */
export function ReadOnlyDialog({ title, ready = true, failure = '', onClose, children }: ReadOnlyDialogProps) {
  const { t } = useTranslation('crud-ui');
  return (
    <Modal
      title={title}
      size="lg"
      onClose={onClose}
      initialFocus="[data-dialog-close]"
      footer={
        <button type="button" className="btn btn-outline-secondary" onClick={onClose} data-dialog-close="">
          {t('details.close')}
        </button>
      }
    >
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
      {!ready && !failure && (
        <div className="text-center py-4" role="status">
          <span className="spinner-border" aria-hidden="true" />
          <span className="visually-hidden">{t('form.loading')}</span>
        </div>
      )}
      {ready && children}
    </Modal>
  );
}
