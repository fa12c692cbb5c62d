import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { Island } from '../../../../components/Island.tsx';
import BackCountdown from '../../../../islands/BackCountdown.tsx';
import { withLang } from '../../../../shared/i18n/links.ts';

export default function Page() {
  const { t } = useTranslation('common');
  const { lang } = usePageContext();
  return (
    <div className="container status-page">
      <div className="code">404</div>
      <h1 className="h3">{t('title.notFound')}</h1>
      <p>{t('notFound.tip')}</p>
      <Island name="BackCountdown" component={BackCountdown} props={{ seconds: 5, homeHref: withLang('/', lang) }} />
    </div>
  );
}
