import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { PageContext } from 'vike/types';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PortalPageContext } from '../shared/pageContext.ts';
import type { StampableHead } from '../shared/fragments.ts';
import type { Modelled, PageContextOfModel, PageModel } from '../shared/pageModel.ts';
import { queryPairs } from '../shared/i18n/links.ts';
import { PageTemplates } from './pageTemplates.ts';
import type { SerializedPage, SerializedSettings, SerializedValue, VikeBuild } from './vikeBuild.ts';

/**
 * Pages without islands, rendered without Vike's per-request work (routing, hooks machinery, copying the page
 * context), which cost six times a whole React render of the page (a CPU profile of /about). Vike stays the one
 * definition of these pages: this reads the +files of the build Vike registered and does what vike-react's
 * onRenderHtml and Vike's asset injection do with them, to the byte (test/api/static-pages). A page with a
 * setting not listed below, a path that is not exactly a page's route, and a data hook that throws (a 404,
 * a failure) are left to Vike.
 */

/** What the pages' hooks and components are given: the portal's fields, the URL as Vike parses it, the data. */
export interface StaticPageContext extends PortalPageContext {
  urlOriginal: string;
  urlPathname: string;
  urlParsed: {
    pathname: string;
    pathnameOriginal: string;
    search: Record<string, string>;
    searchAll: Record<string, string[]>;
    searchOriginal: string | null;
    hash: string;
    hashOriginal: null;
  };
  data?: unknown;
}

export interface StaticAnswer {
  statusCode: 200;
  body: string;
  /** The headers Vike's answer carries (its CSP aside, which the portal's middleware owns). */
  headers: readonly (readonly [string, string])[];
}

const HEADERS = [
  ['cache-control', 'no-store, max-age=0'],
  ['Content-Type', 'text/html;charset=utf-8'],
] as const;

const RENDER_HTML = 'vike-react/__internal/integration/onRenderHtml';
/** Page settings this renders as vike-react would; the others only matter to pages that load scripts. */
const PAGE_SETTINGS = new Set(['isClientRuntimeLoaded', 'clientRouting', 'passToClient', 'onRenderHtml', 'Page', 'data', 'Head', 'Layout', 'Wrapper', 'title', 'description', 'image', 'lang', 'stream', 'Loading']);
const GLOBAL_SETTINGS = new Set(['favicon', 'htmlAttributes']);
const FONT = /\.(woff2?|ttf|otf|eot)$/;
/** vike-react's default viewport. */
const VIEWPORT = '<meta name="viewport" content="width=device-width,initial-scale=1">';
/** How Vike indents the tags it injects after `<head>` in vike-react's template. */
const HEAD_TAG_PADDING = '\n        ';

type Hook = (pageContext: StaticPageContext) => unknown;
/** A head setting: its value, or a function of the page context giving it. */
type HeadSetting = unknown;

/** A Page or Layout, perhaps with a model (shared/pageModel.ts). */
type View = ComponentType<{ model?: PageModel; children?: ReactNode }> & Partial<Modelled<PageModel>>;

interface PagePlan {
  Page: View;
  /** Innermost first. */
  layouts: View[];
  /** Around the layouts, innermost first. */
  wrappers: ComponentType<{ children?: ReactNode }>[];
  heads: ComponentType[];
  data: Hook | null;
  title: HeadSetting;
  description: HeadSetting;
  image: HeadSetting;
  lang: HeadSetting;
  /** The stylesheet links Vike injects after `<head>`. */
  styles: string;
}

interface GlobalPlan {
  favicon: HeadSetting;
  /** Least specific first, so merging in order lets the most specific win. */
  htmlAttributes: HeadSetting[];
}

const valueOf = (serialized: SerializedValue): unknown => (serialized.type === 'plus-file' ? serialized.exportValues.default : serialized.value);

function single(settings: SerializedSettings, name: string): unknown {
  const setting = settings[name];
  if (!setting) return undefined;
  return Array.isArray(setting.valueSerialized) ? undefined : valueOf(setting.valueSerialized as SerializedValue);
}

function list(settings: SerializedSettings, name: string): unknown[] {
  const setting = settings[name];
  if (!setting) return [];
  return Array.isArray(setting.valueSerialized) ? (setting.valueSerialized as readonly SerializedValue[]).map(valueOf) : [valueOf(setting.valueSerialized as SerializedValue)];
}

const isComponent = (value: unknown): value is ComponentType => typeof value === 'function';

/** Vike's escapeHtml, which its HTML template applies to every inserted string; most have nothing to escape. */
function escapeHtml(text: string): string {
  if (!/[&<>"']/.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** vike-react's attribute list of <html>: valid names, values with & and " escaped, false and null left out. */
function attributesOf(attributes: Record<string, unknown>): string | null {
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (!/^[a-z][a-z0-9-]*$/i.test(name) || name.endsWith('-')) return null;
    out += ` ${name}="${String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
  }
  return out;
}

/** The stylesheets of a page that loads no script: the CSS its client entry imports, as Vike collects it. */
function stylesOf(build: VikeBuild, pageId: string): string | null {
  const manifest = build.assetsManifest;
  const found = new Set<string>();
  const seen = new Set<string>();
  let fonts = false;
  const collect = (key: string): boolean => {
    if (seen.has(key)) return true;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return false;
    for (const imported of chunk.imports ?? []) if (!collect(imported)) return false;
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
      if (FONT.test(file)) fonts = true;
      if (file.endsWith('.css')) found.add(`/${file}`);
    }
    return true;
  };
  // Fonts would be preloaded, and one stylesheet for the whole build would be added: neither is done here.
  if (!collect(`virtual:vike:page-entry:client:${pageId}`) || fonts || manifest['style.css']) return null;
  return [...found].map((href) => `${HEAD_TAG_PADDING}<link rel="stylesheet" type="text/css" href="${href}">`).join('');
}

function globalPlanOf(build: VikeBuild): GlobalPlan | null {
  const settings = build.virtualFileExportsGlobalEntry.pageConfigGlobalSerialized.configValuesSerialized;
  if (Object.keys(settings).some((name) => settings[name] && !GLOBAL_SETTINGS.has(name))) return null;
  return { favicon: single(settings, 'favicon'), htmlAttributes: list(settings, 'htmlAttributes').reverse() };
}

function pagePlanOf(build: VikeBuild, page: SerializedPage, settings: SerializedSettings): PagePlan | null {
  if (Object.keys(settings).some((name) => settings[name] && !PAGE_SETTINGS.has(name))) return null;
  const renderer = settings.onRenderHtml?.definedAtData;
  const loading = single(settings, 'Loading') as { layout?: unknown } | undefined;
  if (single(settings, 'isClientRuntimeLoaded') !== false) return null;
  if (!renderer || Array.isArray(renderer) || (renderer as { filePathToShowToUser?: string }).filePathToShowToUser !== RENDER_HTML) return null;
  if (list(settings, 'stream').some((stream) => stream !== false) || loading?.layout) return null;
  const Page = single(settings, 'Page');
  const data = single(settings, 'data');
  const layouts = list(settings, 'Layout');
  const wrappers = list(settings, 'Wrapper');
  const heads = list(settings, 'Head');
  const styles = stylesOf(build, page.pageId);
  if (!isComponent(Page) || ![...layouts, ...wrappers].every(isComponent) || !heads.every(isComponent) || styles === null) return null;
  if (data !== undefined && typeof data !== 'function') return null;
  return {
    Page: Page as View,
    layouts: layouts as View[],
    wrappers: wrappers as ComponentType<{ children?: ReactNode }>[],
    heads,
    data: (data as Hook | undefined) ?? null,
    title: single(settings, 'title'),
    description: single(settings, 'description'),
    image: single(settings, 'image'),
    lang: single(settings, 'lang'),
    styles,
  };
}

/** A page reached by one fixed path, loading no script: the kind served here. */
const isStaticRoute = (page: SerializedPage) => !page.isErrorPage && page.routeFilesystem !== undefined && !/[@*]/.test(page.routeFilesystem.routeString) && single(page.configValuesSerialized, 'isClientRuntimeLoaded') === false;

function urlOf(urlOriginal: string, pathname: string): StaticPageContext['urlParsed'] {
  const searchOriginal = urlOriginal.length > pathname.length ? urlOriginal.slice(pathname.length) : null;
  const search: Record<string, string> = {};
  const searchAll: Record<string, string[]> = {};
  for (const [key, value] of queryPairs(searchOriginal?.slice(1) ?? '')) {
    search[key] = value;
    (searchAll[key] ??= []).push(value);
  }
  return { pathname, pathnameOriginal: pathname, search, searchAll, searchOriginal, hash: '', hashOriginal: null };
}

/** Vike's provider of usePageContext(): the pages read the fields of StaticPageContext only. */
const withPageContext = (pageContext: StaticPageContext, children: ReactNode) =>
  createElement(VikeReactProviderPageContext, { pageContext: pageContext as unknown as PageContext, children });

/** The page's models: its Page's and each Layout's, innermost first; null unless each has one for this request. */
type Models = {
  page: PageModel;
  layouts: PageModel[];
};

function modelsOf(plan: PagePlan, pageContext: StaticPageContext): Models | null {
  const { Page, layouts } = plan;
  const page = Page.model?.(pageContext as PageContextOfModel) ?? null;
  if (page === null) return null;
  const models: PageModel[] = [];
  for (const Layout of layouts) {
    const model = Layout.model?.(pageContext as PageContextOfModel) ?? null;
    if (model === null) return null;
    models.push(model);
  }
  return { page, layouts: models };
}

/** The page's element tree, its Page and Layouts given their models when there are. */
function treeOf(plan: PagePlan, models: Models | null): ReactNode {
  let page: ReactNode = createElement(plan.Page, models ? { model: models.page } : null);
  plan.layouts.forEach((Layout, i) => (page = createElement(Layout, models ? { model: models.layouts[i] } : null, page)));
  for (const Wrap of plan.wrappers) page = createElement(Wrap, null, page);
  return page;
}

/** A Head's markup: stamped when it says how (its markup kept per key, keyed by the Head of its page build), else rendered. */
function headMarkup(Head: ComponentType & StampableHead, pageContext: StaticPageContext): string {
  const { fragments } = pageContext;
  const stamp = fragments && Head.stamp?.(pageContext);
  const html = stamp ? fragments.html(Head, stamp.key, stamp.holes, stamp.render) : null;
  return html ?? renderToStaticMarkup(withPageContext(pageContext, createElement(Head)));
}

export class StaticPages {
  private readonly pages = new Map<string, SerializedPage>();
  private readonly plans = new Map<string, Promise<PagePlan | null>>();
  private readonly global: GlobalPlan | null;

  constructor(
    private readonly build: VikeBuild,
    private readonly templates = new PageTemplates(),
  ) {
    this.global = globalPlanOf(build);
    for (const page of build.virtualFileExportsGlobalEntry.pageConfigsSerialized) {
      if (isStaticRoute(page)) this.pages.set(page.routeFilesystem!.routeString, page);
    }
  }

  private plan(route: string): Promise<PagePlan | null> | null {
    const page = this.pages.get(route);
    if (!page) return null;
    let plan = this.plans.get(route);
    if (!plan) {
      // A page whose entry fails to load is Vike's to answer (and to report).
      plan = page
        .loadVirtualFilePageEntry()
        .moduleExportsPromise.then((entry) => pagePlanOf(this.build, page, entry.configValuesSerialized))
        .catch(() => null);
      this.plans.set(route, plan);
    }
    return plan;
  }

  /** The routes served here (the others are Vike's). */
  async routes(): Promise<string[]> {
    if (!this.global) return [];
    const routes = [...this.pages.keys()];
    const plans = await Promise.all(routes.map((route) => this.plan(route)));
    return routes.filter((_, i) => plans[i] !== null);
  }

  /** Whether `pathname` is one of the pages this may render (its render can still leave it to Vike). */
  serves(pathname: string): boolean {
    return this.global !== null && this.pages.has(pathname);
  }

  /** The page at `urlOriginal` as Vike would answer it, or null when Vike is to answer. */
  async render(urlOriginal: string, portal: PortalPageContext): Promise<StaticAnswer | null> {
    // Most paths are not ours (the admin, the member centre, files): they are told apart before any parsing.
    const pathname = urlOriginal.split('?', 1)[0]!;
    const planned = this.global && this.plan(pathname);
    const plan = planned && (await planned);
    if (!plan || !this.global) return null;
    const urlParsed = urlOf(urlOriginal, pathname);
    const pageContext: StaticPageContext = { ...portal, urlOriginal, urlPathname: urlParsed.pathname, urlParsed };
    try {
      return await this.answer(plan, this.global, pageContext);
    } catch {
      // A 404 thrown by the data hook, or a failure: Vike's error handling answers it.
      return null;
    }
  }

  /** The page's markup: from its template when the page and its layouts have models (and the server fragments), else React's. */
  private body(plan: PagePlan, pageContext: StaticPageContext): string {
    const models = pageContext.fragments ? modelsOf(plan, pageContext) : null;
    const templated = models && this.templates.body(pageContext.site, pageContext.urlPathname, models, (given) => withPageContext(pageContext, treeOf(plan, given)));
    return templated ?? renderToString(withPageContext(pageContext, treeOf(plan, null)));
  }

  private async answer(plan: PagePlan, global: GlobalPlan, pageContext: StaticPageContext): Promise<StaticAnswer | null> {
    if (plan.data) pageContext.data = await plan.data(pageContext);
    const setting = (value: HeadSetting) => (typeof value === 'function' ? (value as Hook)(pageContext) : value);
    const [title, description, image, favicon, lang] = [plan.title, plan.description, plan.image, global.favicon, plan.lang].map(setting);
    const attributes: Record<string, unknown> = {};
    for (const value of global.htmlAttributes) Object.assign(attributes, setting(value));
    // vike-react: no lang setting means English; a null one leaves the attribute to htmlAttributes.
    const htmlAttributes = attributesOf({ ...attributes, lang: (lang === undefined ? 'en' : lang) ?? attributes.lang });
    const texts = [title, description, image, favicon];
    if (htmlAttributes === null || texts.some((text) => text !== undefined && text !== null && typeof text !== 'string')) return null;
    const [titleText, descriptionText, imageText, faviconText] = (texts as (string | null | undefined)[]).map((text) => (text ? escapeHtml(text) : ''));
    // One render each, as vike-react does: React hoists <meta> and <link> above text, so a separator between
    // the heads in one render would not stay between them.
    const heads = plan.heads.map((Head) => headMarkup(Head, pageContext)).join('\n');
    const body = this.body(plan, pageContext);
    const headHtml = `
    ${titleText && `<title>${titleText}</title><meta property="og:title" content="${titleText}" />`}
    ${VIEWPORT}
    ${heads}
    ${faviconText && `<link rel="icon" href="${faviconText}" />`}
    ${descriptionText && `<meta name="description" content="${descriptionText}" /><meta property="og:description" content="${descriptionText}" />`}
    ${imageText && `<meta property="og:image" content="${imageText}"><meta name="twitter:card" content="summary_large_image">`}
  `;
    return {
      statusCode: 200,
      headers: HEADERS,
      body: `<!DOCTYPE html>
    <html${htmlAttributes}>
      <head>${plan.styles}
        <meta charset="UTF-8" />
        
        ${headHtml}
        
      </head>
      <body>
        
        <div id="root">${body}</div>
        
      </body>
    </html>`,
    };
  }
}
