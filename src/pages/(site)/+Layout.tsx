import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import '../../styles/site.scss';
import type { Modelled, PageContextOfModel } from '../../shared/pageModel.ts';
import { SiteHeader, siteHeaderModel, type SiteHeaderModel } from '../../components/SiteHeader.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { PreviewNotice } from '../../components/PreviewNotice.tsx';

/** What the layout shows of the request (shared/pageModel.ts). */
type LayoutModel = {
  preview: boolean;
  header: SiteHeaderModel;
  /** The footer's copyright year. */
  year: number;
};

const layoutModel = (pageContext: PageContextOfModel): LayoutModel => ({ preview: pageContext.preview, header: siteHeaderModel(pageContext), year: new Date().getFullYear() });

function Layout({ children, model }: { children: ReactNode; model?: LayoutModel }) {
  const pageContext = usePageContext();
  const { preview, header, year } = model ?? layoutModel(pageContext);
  return (
    <>
      <PreviewNotice shown={preview} />
      <SiteHeader model={header} />
      <main id="main" className="site-main">
        {children}
      </main>
      <SiteFooter year={year} />
    </>
  );
}

Layout.model = layoutModel;

export default Layout satisfies Modelled<LayoutModel>;
