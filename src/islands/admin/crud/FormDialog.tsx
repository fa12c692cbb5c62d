import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormMode } from './formModel.ts';
import { Modal, type ModalProps } from './Modal.tsx';
import { RecordLoading } from './RecordState.tsx';
import { SaveFooter } from './SaveFooter.tsx';
import type { FormSubmit } from './useFormSubmit.ts';

export interface FormDialogProps {
  form: FormSubmit;
  mode: FormMode;
  /** What is added or edited (a resource's title): the dialog is titled "Add / Edit · <subject>"... */
  subject: string;
  /** ...unless it is given a title of its own. */
  title?: string;
  size: ModalProps['size'];
  /** The `data-*` marks of the form's body (its `data-mode` is set here), and an id. */
  marks: { id?: string } & Record<`data-${string}`, string>;
  onClose(): void;
  onSubmit(): void;
  /** The inputs, once the form is ready. */
  children: ReactNode;
}

/**
 * An add/edit dialog around `useFormSubmit`: why loading or saving failed and "fix the marked fields" above
 * the inputs (a spinner until they are there), cancel and save below; it stays open while saving.
 */
export function FormDialog({ form, mode, subject, title, size, marks, onClose, onSubmit, children }: FormDialogProps) {
  const { t } = useTranslation('crud-ui');
  return (
    <Modal
      title={title ?? t(mode === 'add' ? 'form.addTitle' : 'form.editTitle', { title: subject })}
      size={size}
      onClose={() => {
        if (!form.busy) onClose();
      }}
      onSubmit={onSubmit}
      footer={<SaveFooter busy={form.busy} ready={form.ready} onCancel={onClose} />}
    >
      <div ref={form.scope} {...marks} data-mode={mode}>
        {form.problem && (
          <div className="alert alert-danger py-2" role="alert">
            {form.problem}
          </div>
        )}
        {Object.keys(form.errors).length > 0 && (
          <div className="alert alert-warning py-2" role="alert">
            {t('form.fixErrors')}
          </div>
        )}
        {form.ready ? children : form.problem ? null : <RecordLoading />}
      </div>
    </Modal>
  );
}
