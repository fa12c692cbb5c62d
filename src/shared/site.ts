/** Upload limits the client checks before sending (spec section 3, "Upload settings"). */
export interface UploadSettings {
  maxSize: number;
  saveName: string;
  /** Comma-separated, lower case, without dots. */
  allowedSuffixes: string;
  allowedMimeTypes: string[];
  mode: string;
}

/** `site` of GET /api/index/index, also handed to every server-rendered page. */
export interface SiteInfo {
  siteName: string;
  recordNumber: string;
  version: string;
  cdnUrl: string;
  /** IANA name of the site's time zone: pages and islands show every date in it. */
  timeZone: string;
  upload: UploadSettings;
}
