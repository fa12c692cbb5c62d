import { useTranslation } from 'react-i18next';
import { BusySubmit } from '../../lib/BusySubmit.tsx';

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
      <BusySubmit busy={busy} disabled={!ready} marker={{ 'data-form-submit': '' }}>
        {t('form.save')}
      </BusySubmit>
    </>
  );
}
