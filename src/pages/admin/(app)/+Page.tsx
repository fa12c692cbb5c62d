import 'virtual:icons.css';
import '../../../styles/admin.scss';
import { usePageContext } from 'vike-react/usePageContext';
import { Island } from '../../../components/Island.tsx';
import AdminApp from '../../../islands/admin/AdminApp.tsx';
import { pageT } from '../../i18n.ts';

/** The admin back office: every `<adminBase>/...` path is this one page, whose island routes on the client. */
export default function Page() {
  const { adminBase, site, lang } = usePageContext();
  return (
    <>
      <Island name="AdminApp" component={AdminApp} props={{ adminBase, siteName: site.siteName }} />
      {/* Without scripts the app cannot start: say why (the loader hides itself, styles/_block-loader.scss). */}
      <noscript>
        <p className="alert alert-warning m-4">{pageT(lang, 'admin')('shell.needsScript')}</p>
      </noscript>
    </>
  );
}
