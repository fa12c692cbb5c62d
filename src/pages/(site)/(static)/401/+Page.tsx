import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../shared/i18n/links.ts';

export default function Page() {
  const { t } = useTranslation('common');
  const { lang } = usePageContext();
  return (
    <div className="container status-page">
      <div className="code">401</div>
      <h1 className="h3">{t('title.noPower')}</h1>
      <p className="mb-1">{t('noPower.tip')}</p>
      <p>{t('noPower.contact')}</p>
      <a className="btn btn-primary" href={withLang('/', lang)}>
        {t('noPower.home')}
      </a>
    </div>
  );
}
