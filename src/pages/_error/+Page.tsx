import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../shared/i18n/links.ts';
import '../../styles/site.scss';

/** Shown when rendering a page fails (404s are re-rendered as /404 by the server bridge). */
export default function Page() {
  const { t } = useTranslation('common');
  const { lang } = usePageContext();
  return (
    <main className="container status-page">
      <div className="code">500</div>
      <h1 className="h3">{t('serverError.title')}</h1>
      <p>{t('serverError.text')}</p>
      <a className="btn btn-primary" href={withLang('/', lang)}>
        {t('nav.home')}
      </a>
    </main>
  );
}
