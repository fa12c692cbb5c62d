import { useState } from 'react';

/**
 * Whether `open` has been true at least once: a panel loaded on first use stays rendered after it closes,
 * so it can play its closing transition and keep its state for the next opening.
 */
export function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
