import type { ComponentType } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { IslandName } from '../islands/registry.ts';

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  className?: string;
}

/**
 * Server-renders an interactive component and marks it for the browser's island loader, which hydrates it
 * with the same props (serialised as JSON) and the page's language.
 */
export function Island<P extends object>({ name, component: Component, props, className }: IslandProps<P>) {
  const { lang } = usePageContext();
  return (
    <div data-island={name} data-lang={lang} data-props={JSON.stringify(props)} className={className}>
      <Component {...props} />
    </div>
  );
}
