import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';

/** What a content page speaks with: its own texts, the shared ones (`tc`) and the visitor's language. */
export function useContentTexts() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const { lang } = usePageContext();
  return { t, tc, lang };
}
