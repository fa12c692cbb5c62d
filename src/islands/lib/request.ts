import { createRequest, type RequestFn } from '../../shared/request/client.ts';
import { normalizeLang, DEFAULT_LANG } from '../../shared/i18n/langs.ts';
import { toast } from './toast.ts';

// Only the page language's messages are fetched: the island loader has them already (every island that
// sends requests lists the catalogue), so they are in place long before any answer needs one.
const catalogues = import.meta.glob('../../locales/*/request.json', { import: 'default' }) as Record<string, () => Promise<Record<string, string>>>;
let messages: Record<string, string> = {};

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
  void catalogues[`../../locales/${lang}/request.json`]?.().then((loaded) => {
    messages = loaded;
  });
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
