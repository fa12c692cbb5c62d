import '../../../styles/admin-login.scss';
import { usePageContext } from 'vike-react/usePageContext';
import { Island } from '../../../components/Island.tsx';
import AdminLogin from '../../../islands/admin/AdminLogin.tsx';

/** /admin/login (named route adminLogin). */
export default function Page() {
  const { adminBase, site } = usePageContext();
  return (
    <main className="admin-login-page">
      <Island name="AdminLogin" component={AdminLogin} props={{ adminBase, siteName: site.siteName }} />
    </main>
  );
}
