import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { ContactDetails } from './ContactDetails.tsx';

export function SiteFooter() {
  const { t } = useTranslation('common');
  const { site } = usePageContext();
  return (
    <footer className="site-footer">
      <div className="container d-md-flex justify-content-between gap-3">
        <div>
          <div className="fw-semibold">{site.siteName}</div>
          <div>{t('footer.tagline')}</div>
          <ContactDetails contact={site.contact} className="mt-2" />
        </div>
        <div className="text-md-end mt-3 mt-md-0">
          {site.recordNumber && (
            <div>
              {t('footer.recordNumber')}:{' '}
              <a href="https://beian.miit.gov.cn/" rel="noopener noreferrer" target="_blank">
                {site.recordNumber}
              </a>
            </div>
          )}
          <div>
            © {new Date().getFullYear()} {site.siteName} · {t('footer.rights')}
          </div>
        </div>
      </div>
    </footer>
  );
}
