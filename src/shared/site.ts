/** Upload limits the client checks before sending (spec section 3, "Upload settings"). */
export interface UploadSettings {
  maxSize: number;
  saveName: string;
  /** Comma-separated, lower case, without dots. */
  allowedSuffixes: string;
  allowedMimeTypes: string[];
  mode: string;
}

/** How visitors reach the association (config `contact_*`); an empty field is not shown. */
export interface SiteContact {
  /** In the page's language (the English address, else the Chinese one). */
  address: string;
  phone: string;
  email: string;
}

/** `site` of GET /api/index/index, also handed to every server-rendered page. */
export interface SiteInfo {
  siteName: string;
  recordNumber: string;
  contact: SiteContact;
  version: string;
  cdnUrl: string;
  /** IANA name of the site's time zone: pages and islands show every date in it. */
  timeZone: string;
  upload: UploadSettings;
}

/**
 * A top-bar navigation entry (a member rule of type `nav`) as BuildAdmin's client keeps it in
 * `siteConfig.headNav`: the vue-router record its `handleMenuRule(rules, '/', ['nav'])` makes.
 */
export interface HeadNavItem {
  /** `/` + the rule's path, or its url for a link or iframe. */
  path: string;
  name: string;
  component: string;
  meta: { id: number; title: string; icon: string; keepalive: string | number | undefined; menu_type: string; type: string };
  children: HeadNavItem[];
}

/**
 * The site config fields of spec section 3 beside SiteInfo, sent in `site` of /api/index/index and in
 * `siteConfig` of /admin/index/index. In BuildAdmin's client they are its store's state: `initialize` (the
 * site's first-load data has arrived), `userInitialize` (so has the signed-in account's), `headNav` (the
 * top bar's entries) and `apiUrl` (the API the client calls for its account and module store; here, this
 * server's origin, protocol-relative like `cdnUrl`).
 */
export interface SiteState {
  apiUrl: string;
  headNav: HeadNavItem[];
  initialize: boolean;
  userInitialize: boolean;
}
