import type { Knex } from 'knex';
import type { Lang } from '../../shared/i18n/langs.ts';
import type { ConfigItem } from '../../shared/config.ts';
import type { SiteInfo, UploadSettings } from '../../shared/site.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/time.ts';

/**
 * A `config` row as the database holds it: the item the config screen lists (src/shared/config.ts) with its
 * value, choices and extension as stored text. Title and tip hold the Chinese here, beside their English
 * siblings (src/shared/localized.ts); the list answers them in the reader's language.
 */
export interface ConfigRow extends Omit<ConfigItem, 'type' | 'value' | 'content' | 'extend' | 'input_extend' | 'allow_del'> {
  type: string;
  value: string | null;
  content: string | null;
  extend: string;
  allow_del: number | boolean;
}

const SIZE_UNITS: Record<string, number> = { b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

/** '10mb' → bytes (units b, k/kb, m/mb, g/gb; 1024 steps). A bare number is bytes. */
export function parseSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return 0;
  const unit = SIZE_UNITS[(m[2] || 'b').toLowerCase()];
  return unit ? Math.floor(Number(m[1]) * unit) : 0;
}

/** Languages times origins kept by `site`. */
const MAX_SITES = 32;

/** The `config` table, read through an in-process cache that every write clears. */
export class Settings {
  private cache: Map<string, ConfigRow> | null = null;
  private loading: Promise<Map<string, ConfigRow>> | null = null;
  /** What `site` made from one load of the rows, by language and origin: every page render asks. */
  private readonly sites = new WeakMap<Map<string, ConfigRow>, Map<string, SiteInfo>>();
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly knex: Knex,
    /** Where uploads live: `upload.mode` of the site config, and the storage's public address (a CDN default). */
    private readonly storage: { mode: string; publicUrl: string } = { mode: 'local', publicUrl: '' },
  ) {}

  async rows(): Promise<Map<string, ConfigRow>> {
    if (this.cache) return this.cache;
    this.loading ??= this.knex<ConfigRow>('config')
      .select('*')
      .orderBy([{ column: 'weigh', order: 'desc' }, { column: 'id', order: 'asc' }])
      .then((rows) => {
        this.cache = new Map(rows.map((r) => [r.name, r]));
        return this.cache;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  async get(name: string): Promise<string> {
    return (await this.rows()).get(name)?.value ?? '';
  }

  /** The site's time zone (config `time_zone`): every date is shown, and every day counted, in it. */
  async timeZone(): Promise<string> {
    const zone = (await this.get('time_zone')).trim();
    return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  }

  async flag(name: string): Promise<boolean> {
    return (await this.get(name)) === '1';
  }

  /** Stores one item's value (this process's cache is dropped; other processes keep theirs until cleared). */
  async set(name: string, value: string): Promise<void> {
    await this.knex('config').where({ name }).update({ value });
    this.invalidate();
  }

  /** Called after every config write; pages that print settings (site name...) must be re-rendered too. */
  invalidate(): void {
    this.cache = null;
    for (const listener of this.listeners) listener();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  async upload(): Promise<UploadSettings> {
    const rows = await this.rows();
    const value = (name: string) => rows.get(name)?.value ?? '';
    return {
      maxSize: parseSize(value('upload_max_size')),
      saveName: value('upload_save_name'),
      allowedSuffixes: value('upload_allowed_suffixes').toLowerCase().replace(/\s+/g, ''),
      allowedMimeTypes: value('upload_allowed_mime_types')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      mode: this.storage.mode,
    };
  }

  /**
   * `cdnOrigin` is what to use when neither a CDN nor a public storage address is configured (PUBLIC_URL, else
   * `//<host>` of the request: the portal serves the files).
   */
  async site(lang: Lang, cdnOrigin: string): Promise<SiteInfo> {
    const rows = await this.rows();
    let made = this.sites.get(rows);
    if (!made) this.sites.set(rows, (made = new Map()));
    const key = `${lang} ${cdnOrigin}`;
    let site = made.get(key);
    if (!site) {
      // Origins come from the allowed hosts; more than a few means something asks with many.
      if (made.size >= MAX_SITES) made.clear();
      made.set(key, (site = await this.siteOf(rows, lang, cdnOrigin)));
    }
    return site;
  }

  private async siteOf(rows: Map<string, ConfigRow>, lang: Lang, cdnOrigin: string): Promise<SiteInfo> {
    const value = (name: string) => rows.get(name)?.value ?? '';
    const siteName = (lang === 'en' && value('site_name_en')) || value('site_name');
    return {
      siteName,
      recordNumber: value('record_number'),
      contact: {
        address: ((lang === 'en' && value('contact_address_en')) || value('contact_address')).trim(),
        phone: value('contact_phone').trim(),
        email: value('contact_email').trim(),
      },
      version: value('version'),
      cdnUrl: value('cdn_url') || this.storage.publicUrl || cdnOrigin,
      timeZone: await this.timeZone(),
      upload: await this.upload(),
    };
  }
}
