import { useState } from 'react';
import { actionUrl } from '../../../../resources/naming.ts';
import type { ResourceDef } from '../../../../resources/types.ts';
import { reportFailure } from '../../../../shared/request/client.ts';
import { useAdmin } from '../../context.ts';
import { ConfirmDialog, useResourceLabels } from '../../crud/index.ts';

export interface DeleteTreeRowsProps {
  def: ResourceDef;
  ids: readonly number[];
  onCancel(): void;
  onDeleted(): void;
}

/**
 * The delete confirmation of a tree screen. The server refuses a node whose children are not deleted with
 * it (reference 3.2, 3.3): its reason stays in the dialog, next to the question, rather than in a toast
 * that vanishes.
 */
export function DeleteTreeRows({ def, ids, onCancel, onDeleted }: DeleteTreeRowsProps) {
  const { request } = useAdmin();
  const { t } = useResourceLabels(def);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function remove(): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      await request(actionUrl(def, 'del'), { method: 'DELETE', params: { ids } }, { showSuccessMessage: true, showCodeMessage: false });
      onDeleted();
    } catch (err) {
      reportFailure(err, setProblem);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      danger
      busy={busy}
      message={
        <>
          {ids.length === 1 ? t('crud-ui:confirm.deleteOne') : t('crud-ui:confirm.deleteMany', { count: ids.length })}
          {problem && (
            <span className="alert alert-danger d-block py-2 mt-3 mb-0" role="alert" data-delete-problem="">
              {problem}
            </span>
          )}
        </>
      }
      confirmLabel={t('crud-ui:confirm.delete')}
      onCancel={onCancel}
      onConfirm={() => void remove()}
    />
  );
}
