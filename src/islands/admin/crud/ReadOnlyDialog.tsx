import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal.tsx';
import { RecordState } from './RecordState.tsx';

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
      <RecordState ready={ready} failure={failure}>
        {children}
      </RecordState>
    </Modal>
  );
}
