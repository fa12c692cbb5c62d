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
