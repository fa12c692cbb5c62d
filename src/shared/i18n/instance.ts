import i18next, { type i18n, type Resource } from 'i18next';
import { DEFAULT_LANG, type Lang } from './langs.ts';

/** A synchronously initialised i18next instance (resources are already in memory). */
export function createI18n(lang: Lang, resources: Resource, namespaces: string[]): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    // Our codes are lower case (zh-cn); without this i18next looks resources up as zh-CN and finds nothing.
    lowerCaseLng: true,
    resources,
    ns: namespaces,
    defaultNS: namespaces[0] ?? 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
