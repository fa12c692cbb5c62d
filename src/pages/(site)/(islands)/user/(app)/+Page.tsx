import 'virtual:icons.css';
import '../../../../../styles/user.scss';
import { usePageContext } from 'vike-react/usePageContext';
import { Island } from '../../../../../components/Island.tsx';
import UserApp from '../../../../../islands/user/UserApp.tsx';
import { withLang } from '../../../../../shared/i18n/links.ts';

/** The member centre: every /user/... path is this one page, whose island routes on the client. */
export default function Page() {
  const { lang, site } = usePageContext();
  return (
    <>
      <Island name="UserApp" component={UserApp} props={{ homeHref: withLang('/', lang), siteName: site.siteName }} className="container" />
      {/* Without scripts the app cannot start: drop its loader so the page does not stay blank. */}
      <noscript>
      </noscript>
    </>
  );
}
