import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import type { SiteInfo } from '../shared/site.ts';
import { ContactDetails } from './ContactDetails.tsx';
import { Stamped } from './Stamped.tsx';

/** The footer's key by site details (one object per load of the settings and language): written once a year. */
const keys = new WeakMap<SiteInfo, { year: number; key: string }>();

function footerKey(site: SiteInfo, year: number): string {
  let kept = keys.get(site);
  if (kept?.year !== year) keys.set(site, (kept = { year, key: JSON.stringify([year, site.siteName, site.recordNumber, site.contact]) }));
  return kept.key;
}

/** Footer of the public site, rendered once per language, year and site details (Stamped). */
export function SiteFooter({ year }: { year: number }) {
  const { t } = useTranslation('common');
  const { site } = usePageContext();
  return (
    <Stamped as="footer" className="site-footer" stampKey={footerKey(site, year)}>
      {() => (
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
              © {year} {site.siteName} · {t('footer.rights')}
            </div>
          </div>
        </div>
      )}
    </Stamped>
  );
}
