import type { ReactNode } from 'react';

interface BusySubmitProps {
  /** The form is being sent: the button is disabled and spins. */
  busy: boolean;
  /** Not ready to send for another reason (say, the record is still loading). */
  disabled?: boolean;
  /** The data attribute tests find the button by. */
  marker?: Record<`data-${string}`, string>;
  children: ReactNode;
}

/** A form's submit button, which shows while the form is being sent. */
export function BusySubmit({ busy, disabled = false, marker, children }: BusySubmitProps) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy || disabled} aria-busy={busy || undefined} {...marker}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}
