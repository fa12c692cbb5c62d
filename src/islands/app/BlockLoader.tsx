import { useEffect, useState } from 'react';
import { LOADER_HIDE_MS } from '../../shared/constants/layout.ts';

export interface BlockLoaderProps {
  /** Whether the app is still getting ready. */
  active: boolean;
  /** Read out to screen readers while it shows. */
  label: string;
}

/**
 * The full-screen loader of an app shell's first load. It hides as soon as the app is ready and after
 * LOADER_HIDE_MS at most (spec section 9), leaving slower loads to the progress bar and in-page spinners.
 */
export function BlockLoader({ active, label }: BlockLoaderProps) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setExpired(true), LOADER_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!active || expired) return null;
  return (
    <div className="block-loader d-flex align-items-center justify-content-center bg-body" role="status" aria-live="polite" data-block-loader="">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
