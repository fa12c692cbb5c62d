import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { LANGS } from '../shared/i18n/langs.ts';
import { queryWithoutLang, withLang } from '../shared/i18n/links.ts';
import type { PageContextOfModel } from '../shared/pageModel.ts';
import { PUBLIC_SECTIONS, sectionOf } from '../shared/sections.ts';
import { Logo } from './Logo.tsx';
import { SearchForm } from './SearchForm.tsx';
import { Stamped } from './Stamped.tsx';

/** What the header shows of the request: its section (an index of PUBLIC_SECTIONS, -1 for none), the searched words, the language links' targets. */
export type SiteHeaderModel = {
  section: number;
  searched: string;
  langLinks: string[];
};

export function siteHeaderModel({ requestPath, urlParsed }: Pick<PageContextOfModel, 'requestPath' | 'urlParsed'>): SiteHeaderModel {
  const current = sectionOf(requestPath);
  const query = queryWithoutLang(urlParsed.search);
  const here = requestPath + (query && `?${query}`);
  return {
    section: PUBLIC_SECTIONS.findIndex((s) => s.key === current),
    searched: requestPath === '/search' ? (urlParsed.search.q ?? '') : '',
    langLinks: LANGS.map((l) => withLang(here, l, true)),
  };
}

/**
 * Header of the public site. Works without JavaScript: the phone menu is a checkbox toggle, the language
 * switch is a pair of plain links to the same page and the search box a plain form. Rendered once per
 * language, section and site name (Stamped); the language links' targets and the search box's query are
 * its holes.
 */
export function SiteHeader({ model }: { model: SiteHeaderModel }) {
  const { t } = useTranslation('common');
  const { lang, site } = usePageContext();
  const current = PUBLIC_SECTIONS[model.section]?.key ?? null;
  return (
    <Stamped as="header" className="site-header" stampKey={`${current ?? ''} ${site.siteName}`} holes={[model.searched, ...model.langLinks]}>
      {([value, ...langLinks]) => (
        <>
          <a className="skip-link" href="#main">
            {t('nav.skipToContent')}
          </a>
          <div className="container">
            <a className="site-brand" href={withLang('/', lang)}>
              <Logo />
              <span>{site.siteName}</span>
            </a>
            <input type="checkbox" id="nav-toggle" className="nav-toggle visually-hidden" aria-controls="site-nav" />
            <label htmlFor="nav-toggle" className="nav-toggle-label">
              {t('nav.menu')}
            </label>
            <nav id="site-nav" className="site-nav" aria-label={t('nav.mainNavigation')}>
              <ul>
                {PUBLIC_SECTIONS.map((s) => (
                  <li key={s.key}>
                    <a href={withLang(s.path, lang)} aria-current={current === s.key ? 'page' : undefined}>
                      {t(`nav.${s.key}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <SearchForm id="site-search" query={value!} className="site-search" />
            <div className="site-tools">
              <span className="visually-hidden">{t('lang.label')}</span>
              {LANGS.map((l, i) => (
                <a key={l} href={langLinks[i]} hrefLang={l} lang={l} aria-current={l === lang ? 'true' : undefined}>
                  {t(`lang.${l}`)}
                </a>
              ))}
              <a href={withLang('/user', lang)}>{t('nav.memberCentre')}</a>
            </div>
          </div>
        </>
      )}
    </Stamped>
  );
}
