import { useEffect, useState } from 'react';

/** Input types that take no typed text: `/` there still opens the search. */
const KEYLESS_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether typing `/` at this element writes text (a text input, a text area, a select's type-ahead, an editor). */
function takesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable;
}

/**
 * Whether the screen search is open, and its keys: `/` when the focus is not in a text field, Ctrl+K (⌘K on a
 * Mac) anywhere. Neither opens it over another dialog or the phone's menu drawer, whose keys are their own.
 */
export function useMenuSearch(enabled: boolean): [open: boolean, setOpen: (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !takesText(event.target);
      const combo = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.shiftKey;
      if (!slash && !combo) return;
      if (document.querySelector('dialog[open], .modal.show, .offcanvas.show')) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    // The dialog's code, fetched ahead so the first key typed into it is not lost while it loads.
    void import('./MenuSearch.tsx');
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
  return [open, setOpen];
}
