import type { ReactNode } from 'react';
import '../../styles/site.scss';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { PreviewNotice } from '../../components/PreviewNotice.tsx';

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <PreviewNotice />
      <SiteHeader />
      <main id="main" className="site-main">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
