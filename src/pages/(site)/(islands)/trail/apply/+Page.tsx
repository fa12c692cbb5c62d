import '../../../../../styles/user.scss';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { Island } from '../../../../../components/Island.tsx';
import { PageHeader } from '../../../../../components/content/PageHeader.tsx';
import TrailApply from '../../../../../islands/TrailApply.tsx';
import { withLang } from '../../../../../shared/i18n/links.ts';

/**
 * /trail/apply: members propose a trail. The HTML is the same for everyone (and cacheable); the island
 * checks the member login in the browser and sends guests to the login page, which brings them back.
 */
export default function Page() {
  const { t } = useTranslation('trail');
  const { t: tc } = useTranslation('common');
  const { lang } = usePageContext();
  return (
    <>
      <PageHeader title={tc('title.trailApply')} lead={t('form.lead')} crumbs={[{ label: tc('title.trail'), href: withLang('/trail', lang) }, { label: tc('title.trailApply') }]} />
      <div className="container trail-apply-page">
        <Island
          name="TrailApply"
          component={TrailApply}
          props={{ loginHref: withLang('/user/login?redirect=/trail/apply', lang), applicationsHref: withLang('/user/account/trailApplication', lang) }}
        />
        <noscript>
          <div className="alert alert-warning">{t('form.noscript')}</div>
        </noscript>
      </div>
    </>
  );
}
