import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal.tsx';

export interface ConfirmDialogProps {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  /** A destructive action gets a red button; the focus starts on Cancel so Enter never destroys by accident. */
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question in a modal: Escape or Cancel says no. */
export function ConfirmDialog({ title, message, confirmLabel, danger = false, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('crud-ui');
  const messageId = useId();
  return (
    <Modal
      title={title ?? t('confirm.title')}
      role="alertdialog"
      describedBy={messageId}
      initialFocus="[data-confirm=cancel]"
      onClose={() => {
        if (!busy) onCancel();
      }}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" data-confirm="cancel" onClick={onCancel} disabled={busy}>
            {t('confirm.cancel')}
          </button>
          <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} data-confirm="ok" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {confirmLabel ?? t('confirm.ok')}
          </button>
        </>
      }
    >
      <p id={messageId} className="mb-0">
        {message}
      </p>
    </Modal>
  );
}
