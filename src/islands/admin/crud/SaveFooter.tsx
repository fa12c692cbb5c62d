import { useTranslation } from 'react-i18next';

interface SaveFooterProps {
  busy: boolean;
  /** Whether there is anything to save yet (false while the record loads). */
  ready?: boolean;
  onCancel(): void;
}

/** The footer of an add/edit dialog: cancel, and save, which shows that it is saving. */
export function SaveFooter({ busy, ready = true, onCancel }: SaveFooterProps) {
  const { t } = useTranslation('crud-ui');
  return (
    <>
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={busy}>
        {t('form.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy || !ready} aria-busy={busy || undefined} data-form-submit="">
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('form.save')}
      </button>
    </>
  );
}
