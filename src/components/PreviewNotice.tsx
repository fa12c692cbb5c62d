import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';

/** Tells whoever opened a staff preview link that the page is not public (yet). */
export function PreviewNotice() {
  const { preview } = usePageContext();
  const { t } = useTranslation('staff');
  if (!preview) return null;
  return (
    <div className="alert alert-warning rounded-0 mb-0 text-center small" role="status" data-preview-notice="">
      {t('preview.notice')}
    </div>
  );
}
