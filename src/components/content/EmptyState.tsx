import { useTranslation } from 'react-i18next';

/** What a list page shows when its page holds nothing (out of range, or an empty filter). */
export function EmptyState({ firstHref }: { firstHref: string | null }) {
  const { t } = useTranslation('content');
  return (
    <div className="empty-state text-center py-5">
      <p className="mb-3">{t('list.empty')}</p>
      {firstHref && (
        <a className="btn btn-outline-primary" href={firstHref}>
          {t('list.emptyFirst')}
        </a>
      )}
    </div>
  );
}
