import { createRequest, type RequestFn } from '../../shared/request/client.ts';
import { normalizeLang, DEFAULT_LANG } from '../../shared/i18n/langs.ts';
import { toast } from './toast.ts';

const catalogues = import.meta.glob('../../locales/*/request.json', { eager: true, import: 'default' }) as Record<
  string,
  Record<string, string>
>;

/** The page's language, as the server rendered it. */
export function pageLang() {
  return normalizeLang(document.documentElement.lang) ?? DEFAULT_LANG;
}

let shared: RequestFn | null = null;

/**
 * The request client bound to this browser tab: fetch, localStorage, toasts, full-page navigation. The
 * admin base and the key of encrypted answers come from <html> (`data-admin-base`, `data-api-key`).
 */
export function browserRequest(): RequestFn {
  if (shared) return shared;
  const lang = pageLang();
  const messages = catalogues[`../../locales/${lang}/request.json`] ?? {};
  shared = createRequest({
    fetch: window.fetch.bind(window),
    storage: window.localStorage,
    notify: (type, message) => toast(type, message),
    navigate: (path) => window.location.assign(path),
    currentPath: () => window.location.pathname,
    lang: () => lang,
    t: (key) => messages[key] ?? key,
    isOnline: () => navigator.onLine,
    adminBase: document.documentElement.dataset.adminBase ?? '/admin',
    encryptKey: document.documentElement.dataset.apiKey,
  });
  return shared;
}
