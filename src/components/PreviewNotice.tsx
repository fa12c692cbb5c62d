import { useTranslation } from 'react-i18next';

/** Tells whoever opened a staff preview link that the page is not public (yet). */
export function PreviewNotice({ shown }: { shown: boolean }) {
  const { t } = useTranslation('staff');
  if (!shown) return null;
  return (
    <div className="alert alert-warning rounded-0 mb-0 text-center small" role="status" data-preview-notice="">
      {t('preview.notice')}
    </div>
  );
}
