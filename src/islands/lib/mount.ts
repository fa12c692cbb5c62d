import type { ReactElement } from 'react';
import { render, type VNode } from 'preact';

/**
 * Renders an island over its server-rendered markup. In the browser React is preact/compat
 * (scripts/preactInBrowser.ts), so a React element is a Preact vnode. Preact's render (not its hydrate) reuses
 * the markup's nodes and corrects their attributes: the ids React's useId wrote on the server differ from
 * Preact's, and a hydration would leave the server's beside the browser's in labels and ARIA references.
 */
export function mount(element: ReactElement, container: HTMLElement): void {
  render(element as unknown as VNode, container);
}
