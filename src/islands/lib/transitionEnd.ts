/**
 * dom-helpers' `transitionEnd`, which react-bootstrap's Modal, Offcanvas, Fade and Collapse wait on before they
 * leave the page, without its open bug (react-bootstrap/dom-helpers#184): a `transitionend` bubbling up from a
 * child counted as the element's own and stopped the fallback timer. When the element's own event then never
 * came (it has no transition when reduced motion is asked for), as on a slow phone closing the admin's drawer
 * while a menu chevron finished turning, the drawer stayed in the page, invisible, with scrolling locked.
 * Vite resolves `dom-helpers/transitionEnd` to this module (vite.config.ts); the signature is the library's.
 */

/** The element's transition duration in milliseconds, read as dom-helpers reads it (the first value). */
function durationOf(element: HTMLElement): number {
  const text = getComputedStyle(element).transitionDuration;
  return (parseFloat(text) || 0) * (text.includes('ms') ? 1 : 1000);
}

/**
 * Calls `handler` for `transitionend` events reaching `element`, and makes sure one of the element's own comes:
 * if none has after `duration` + `padding` ms, one is dispatched. Returns the function that stops both.
 */
export default function transitionEnd(element: HTMLElement, handler: (event: TransitionEvent) => void, duration?: number | null, padding = 5): () => void {
  let ownSeen = false;
  const onOwn = (event: Event) => {
    if (event.target === element) ownSeen = true;
  };
  element.addEventListener('transitionend', onOwn);
  element.addEventListener('transitionend', handler);
  const timer = setTimeout(() => {
    if (!ownSeen) element.dispatchEvent(new TransitionEvent('transitionend', { bubbles: true, cancelable: true }));
  }, (duration ?? durationOf(element)) + padding);
  return () => {
    clearTimeout(timer);
    element.removeEventListener('transitionend', onOwn);
    element.removeEventListener('transitionend', handler);
  };
}
