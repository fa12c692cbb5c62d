import { useEffect, useState } from 'react';

/**
 * False while rendering on the server and while hydrating, true from the first effect on. Styles computed at
 * run time are set only then, through the DOM (which the CSP allows), never as attributes in the server's
 * HTML (which it refuses).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
