import { useTranslation } from 'react-i18next';
import type { LocalText } from '../../shared/content.ts';

/**
 * A localized name in the admin and member apps: English text as it is, or the Chinese standing in for a
 * missing translation, tagged for screen readers and marked with a small "zh" badge that says why.
 */
export function LocalTextView({ value }: { value: LocalText }) {
  const { t } = useTranslation('common');
  if (!value.fallback) return <>{value.text}</>;
  return (
    <>
      <span lang="zh-CN">{value.text}</span>
      <span className="badge text-bg-light border ms-1 fw-normal" title={t('fallback.notTranslated')} data-fallback="">
        <span aria-hidden="true">{t('fallback.zhMark')}</span>
        <span className="visually-hidden">{t('fallback.notTranslated')}</span>
      </span>
    </>
  );
}
