import type { ContentReader } from './content.ts';
import type { Fragments } from './fragments.ts';
import type { Lang } from './i18n/langs.ts';
import type { SearchReader } from './search.ts';
import type { SiteInfo } from './site.ts';

/** What the Koa bridge hands to every Vike render, on top of Vike's own fields. */
export interface PortalPageContext {
  lang: Lang;
  site: SiteInfo;
  /** Where admin pages live (ADMIN_BASE). */
  adminBase: string;
  /** API_ENCRYPT_KEY, or '' when API answers are plain JSON. */
  apiEncryptKey: string;
  /** Absolute origin for canonical links and Open Graph URLs. */
  origin: string;
  /** The path the visitor asked for (before an admin-base rewrite or a 404 re-render). */
  requestPath: string;
  /** Published content, read by the pages' data hooks on the server. */
  content: ContentReader;
  /** A staff preview link's render: one draft or scheduled row shown, the page not to be indexed. */
  preview: boolean;
  /** The site search, read by /search's data hook on the server. */
  search: SearchReader;
  /** The server's stamped parts of the public pages (components/Stamped.tsx); none in development. */
  fragments?: Fragments;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Vike {
    interface PageContext extends PortalPageContext {}
  }
}
