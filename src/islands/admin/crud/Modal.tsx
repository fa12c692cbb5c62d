import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudStyles } from './CrudStyles.tsx';

export interface ModalProps {
  title: ReactNode;
  /** Escape, the close button and the caller's own buttons all end here; the caller unmounts the modal. */
  onClose(): void;
  size?: 'md' | 'lg' | 'xl';
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  /** Where the focus goes on open (a CSS selector inside the dialog); default the first field. */
  initialFocus?: string;
  /** Wraps header, body and footer in a form, so Enter in a single-line input submits it. */
  onSubmit?(): void;
  footer?: ReactNode;
  children: ReactNode;
}

const FIRST_FIELD = '.crud-dialog-body :is(input:not([type=hidden]),select,textarea,[contenteditable=true],button):not(:disabled)';

/**
 * A modal on the native <dialog>: the browser makes the page behind it inert, traps the focus and turns
 * Escape into `cancel`. Mounted means open; on unmount the focus goes back where it was.
 */
export function Modal({ title, onClose, size = 'md', role = 'dialog', describedBy, initialFocus, onSubmit, footer, children }: ModalProps) {
  const { t } = useTranslation('crud-ui');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  // Opened in the commit itself: in the browser (Preact) a plain effect waits for the next frame, and keys
  // pressed while the dialog is in the page but not yet open would be lost.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>(initialFocus ?? FIRST_FIELD)?.focus();
    const onCancel = (event: Event) => {
      // The caller decides: it unmounts the dialog (or keeps it, e.g. while saving).
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // Opening happens once per mount; a later initialFocus change must not steal the focus again.
  }, []);

  const header = (
    <div className="crud-dialog-header">
      <h2 className="h5 mb-0 me-auto" id={titleId}>
        {title}
      </h2>
      <button type="button" className="btn-close" aria-label={t('dialog.close')} onClick={() => onClose()} />
    </div>
  );
  const body = <div className="crud-dialog-body">{children}</div>;
  const foot = footer ? <div className="crud-dialog-footer">{footer}</div> : null;

  return (
    <dialog ref={ref} className={`crud-dialog crud-dialog-${size}`} role={role === 'alertdialog' ? 'alertdialog' : undefined} aria-labelledby={titleId} aria-describedby={describedBy} aria-modal="true">
      <CrudStyles />
      {onSubmit ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {header}
          {body}
          {foot}
        </form>
      ) : (
        <div className="crud-dialog-inner">
          {header}
          {body}
          {foot}
        </div>
      )}
    </dialog>
  );
}
