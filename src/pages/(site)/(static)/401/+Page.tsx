import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../shared/i18n/links.ts';
import { ContactDetails, hasContact } from '../../../../components/ContactDetails.tsx';

export default function Page() {
  const { t } = useTranslation('common');
  const { lang, site } = usePageContext();
  return (
    <div className="container status-page">
      <div className="code">401</div>
      <h1 className="h3">{t('title.noPower')}</h1>
      <p className="mb-1">{t('noPower.tip')}</p>
      <p className={hasContact(site.contact) ? 'mb-1' : undefined}>{t('noPower.contact')}</p>
      <ContactDetails contact={site.contact} className="mb-3" />
      <a className="btn btn-primary" href={withLang('/', lang)}>
        {t('noPower.home')}
      </a>
    </div>
  );
}
