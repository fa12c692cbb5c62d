import type { ComponentType } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { IslandName } from '../islands/registry.ts';
import { withLang } from '../shared/i18n/links.ts';

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /**
   * Props the browser fetches instead of reading them from the page: `keys` come from the `data` of the
   * GET API answer at `url` (in the page's language). For data too large to send twice, once as markup and
   * once as JSON; the island is interactive once they have arrived.
   */
  fetched?: { url: string; keys: readonly (keyof P)[] };
  className?: string;
}

/**
 * Server-renders an interactive component and marks it for the browser's island loader, which hydrates it
 * with the same props (serialised as JSON, or fetched) and the page's language.
 */
export function Island<P extends object>({ name, component: Component, props, fetched, className }: IslandProps<P>) {
  const { lang } = usePageContext();
  const inline = fetched ? Object.fromEntries(Object.entries(props).filter(([key]) => !fetched.keys.includes(key as keyof P))) : props;
  return (
    <div data-island={name} data-lang={lang} data-props={JSON.stringify(inline)} data-props-url={fetched ? withLang(fetched.url, lang) : undefined} className={className}>
      <Component {...props} />
    </div>
  );
}
