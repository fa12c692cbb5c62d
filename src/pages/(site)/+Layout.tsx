import type { ReactNode } from 'react';
import '../../styles/site.scss';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="site-main">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
