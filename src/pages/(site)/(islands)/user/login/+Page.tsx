import '../../../../../styles/user.scss';
import { usePageContext } from 'vike-react/usePageContext';
import { Island } from '../../../../../components/Island.tsx';
import UserLogin from '../../../../../islands/user/LoginIsland.tsx';
import { withLang } from '../../../../../shared/i18n/links.ts';

/** /user/login (named route userLogin): log in, register, or retrieve the password. */
export default function Page() {
  const { lang, site } = usePageContext();
  return (
    <div className="container user-login-page">
      <Island name="UserLogin" component={UserLogin} props={{ homeHref: withLang('/', lang), contact: site.contact }} />
    </div>
  );
}
