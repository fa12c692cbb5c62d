import type { PortalPageContext } from './pageContext.ts';

/**
 * What a page's view shows, made from the page context before React renders (the static renderer's page
 * templates, src/server/pageTemplates.ts). Its strings are the holes: the view writes each one as it is, as
 * text or an attribute, and never looks inside it; `{ __html }` is markup written as it is. Everything else
 * (booleans, numbers, nulls, which fields and how many items) is the model's shape: the view may branch on it.
 * Two models of one shape render to one markup with other words in its holes.
 */
export type PageModel = string | number | boolean | null | undefined | { readonly __html: string } | readonly PageModel[] | { readonly [field: string]: PageModel };

/** The fields of a page context a model is made from: the portal's, the parsed URL and the page's data. */
export type PageContextOfModel = PortalPageContext & { urlParsed: { search: Record<string, string> }; data?: unknown };

/**
 * A Page or Layout component whose view is its model's alone: `model` makes it from the page context (null:
 * this request has none, and React renders the page), and the component, given it as its `model` prop, shows
 * it (without, it makes it itself). Besides its model the view reads only what every request of a template
 * shares: the language, the site's settings, the page build's translations.
 */
export interface Modelled<M extends PageModel> {
  model: (pageContext: PageContextOfModel) => M | null;
}
