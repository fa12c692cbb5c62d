import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../shared/i18n/links.ts';
import { ContactDetails, hasContact } from '../../../../components/ContactDetails.tsx';

function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </>
  );
}

export default function Page() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation('common');
  const { lang, site } = usePageContext();
  const list = (key: string) => t(key, { returnObjects: true }) as string[];
  return (
    <>
      <div className="page-head">
        <div className="container">
          <h1>{tc('title.about')}</h1>
          <p className="lead prose mb-0">{t('about.lead')}</p>
        </div>
      </div>
      <div className="container prose">
        <h2 className="h4 mt-4">{t('about.missionTitle')}</h2>
        <ul>
          {list('about.mission').map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <h2 className="h4 mt-4">{t('about.canalTitle')}</h2>
        <Paragraphs items={list('about.canal')} />
        <h2 className="h4 mt-4">{t('about.workTitle')}</h2>
        <ul>
          {list('about.work').map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <h2 className="h4 mt-4">{t('about.joinTitle')}</h2>
        <p>{t('about.join')}</p>
        <a className="btn btn-primary" href={withLang('/user/login', lang)}>
          {t('about.joinAction')}
        </a>
        {hasContact(site.contact) && (
          <>
            <h2 className="h4 mt-5">{tc('contact.title')}</h2>
            <ContactDetails contact={site.contact} />
          </>
        )}
      </div>
    </>
  );
}
