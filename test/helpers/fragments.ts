import { createElement, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { FragmentCache } from '../../src/server/fragments.ts';
import { PageTemplates } from '../../src/server/pageTemplates.ts';
import type { PageModel } from '../../src/shared/pageModel.ts';
import { toResources } from '../../src/shared/i18n/catalogues.ts';
import { createI18n } from '../../src/shared/i18n/instance.ts';
import { LANGS, type Lang } from '../../src/shared/i18n/langs.ts';
import { catalogues } from './catalogues.ts';

/** The server's fragments, counting the parts they render: a part reused is not rendered again. */
export class CountingFragments extends FragmentCache {
  renders = 0;
  /** The keys asked for, rendered or reused. */
  readonly keys = new Set<string>();
  override html(scope: object, key: string, holes: readonly string[], render: (values: readonly string[]) => ReactNode): string | null {
    this.keys.add(key);
    return super.html(scope, key, holes, (values) => {
      this.renders++;
      return render(values);
    });
  }
}

const catalogue = toResources(catalogues());
const i18ns = new Map(LANGS.map((lang) => [lang, createI18n(lang, catalogue, Object.keys(catalogue[lang] ?? {}))]));

/** A part of a page as the server renders it in `lang`: stamped when given fragments, else inline. */
export function renderPart(lang: Lang, part: ReactElement, fragments?: FragmentCache): string {
  const pageContext = { lang, site: { timeZone: 'Asia/Shanghai' }, fragments } as unknown as PageContext;
  return renderToString(createElement(VikeReactProviderPageContext, { pageContext, children: createElement(I18nextProvider, { i18n: i18ns.get(lang)! }, part) }));
}

/** The static renderer's page templates, counting React's renders of a body and the bodies left to React. */
export class CountingTemplates extends PageTemplates {
  renders = 0;
  /** Answers from a template (or its first render), by page. */
  readonly answered = new Map<string, number>();
  /** Pages whose body was left to React. */
  readonly declined = new Set<string>();
  override body<M extends PageModel>(scope: object, page: string, model: M, render: (model: M) => ReactNode): string | null {
    const html = super.body(scope, page, model, (given) => {
      this.renders++;
      return render(given);
    });
    if (html === null) this.declined.add(page);
    else this.answered.set(page, (this.answered.get(page) ?? 0) + 1);
    return html;
  }
}
