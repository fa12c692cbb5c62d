/**
 * Messages shown by the request client and islands: a small live region at the top of the viewport, built
 * with the DOM so it costs no framework code and works from any island.
 */
const HIDE_AFTER_MS = 4000;

function container(): HTMLElement {
  let box = document.getElementById('portal-toasts');
  if (!box) {
    box = document.createElement('div');
    box.id = 'portal-toasts';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    // Messages are read, not clicked: clicks pass through to the header, tab bar or form beneath them.
    box.style.cssText = 'pointer-events:none;position:fixed;top:1rem;left:50%;transform:translateX(-50%);z-index:2000;display:flex;flex-direction:column;gap:.5rem;max-width:min(92vw,28rem)';
    document.body.append(box);
  }
  return box;
}

export function toast(type: 'error' | 'success' | 'info', message: string): void {
  if (!message) return;
  const el = document.createElement('div');
  el.className = `alert alert-${type === 'error' ? 'danger' : type} shadow-sm mb-0 py-2`;
  el.textContent = message;
  container().append(el);
  window.setTimeout(() => el.remove(), HIDE_AFTER_MS);
}

/** Removes the messages on screen: a new attempt starts, and what they said about the last one is stale. */
export function clearToasts(): void {
  document.getElementById('portal-toasts')?.replaceChildren();
}
