import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { actionUrl } from '../../../../resources/naming.ts';
import { offers, type FieldDef, type ResourceDef } from '../../../../resources/types.ts';
import { reportFailure } from '../../../../shared/request/client.ts';
import { useAdmin } from '../../context.ts';
import { ConfirmDialog, CrudPage, type Row } from '../../crud/index.ts';

/** The action that undoes what a log recorded: put deleted rows back, or changed values. */
export type UndoAction = 'restore' | 'rollback';

export interface LogScreenProps {
  def: ResourceDef;
  action: UndoAction;
  columnAs?: Readonly<Record<string, FieldDef>>;
  shape?(row: Row): Row;
  quickSearchLabels?: readonly string[];
  /** The details dialog of one entry. */
  Info: ComponentType<{ id: string; onClose(): void }>;
  /** The question before undoing: one row (given) or `count` selected ones. */
  confirmMessage(count: number, row?: Row): string;
  deleteMessage(count: number): string;
}

const ICONS: Record<UndoAction, string> = { restore: 'bi-arrow-counterclockwise', rollback: 'bi-skip-backward' };
/** The column that marks an entry already undone: it stays in the log, and cannot be undone twice. */
const DONE: Record<UndoAction, string> = { restore: 'is_restore', rollback: 'is_rollback' };

/**
 * The two security logs (recycle bin, sensitive changes): the list, each entry's details, its undo action
 * (for one entry or the selection, after a confirmation, in one request the server runs as a transaction)
 * and deleting entries for good.
 */
export function LogScreen({ def, action, columnAs, shape, quickSearchLabels, Info, confirmMessage, deleteMessage }: LogScreenProps) {
  const { t } = useTranslation('admin-screens-routine');
  const { request, auth } = useAdmin();
  const [info, setInfo] = useState<string | null>(null);
  const [undo, setUndo] = useState<{ ids: string[]; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const reloadList = useRef<() => Promise<void>>(() => Promise.resolve());
  const label = t(`log.${action}`);

  async function run(ids: string[]): Promise<void> {
    setBusy(true);
    try {
      await request(actionUrl(def, action), { method: 'POST', body: { ids } }, { showSuccessMessage: true });
      setUndo(null);
      await reloadList.current();
    } catch {
      // The request client showed why (e.g. the row's key is taken again); the dialog stays.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <CrudPage
        def={def}
        without={['view']}
        columnAs={columnAs}
        shape={shape}
        quickSearchLabels={quickSearchLabels}
        deleteMessage={deleteMessage}
        rowActions={(row, reload) => {
          const id = String(row[def.pk]);
          return (
            <>
              {offers(def, 'info') && auth('info') && (
                <button type="button" className="btn btn-sm btn-outline-secondary" title={t('log.info')} aria-label={t('log.infoOf', { id })} onClick={() => setInfo(id)} data-action="info">
                  <i className="bi bi-eye" aria-hidden="true" />
                </button>
              )}
              {offers(def, action) && auth(action) && Number(row[DONE[action]]) !== 1 && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-success"
                  title={label}
                  aria-label={t(`log.${action}Of`, { id })}
                  onClick={() => {
                    reloadList.current = reload;
                    setUndo({ ids: [id], message: confirmMessage(1, row) });
                  }}
                  data-action={action}
                >
                  <i className={`bi ${ICONS[action]}`} aria-hidden="true" />
                </button>
              )}
            </>
          );
        }}
        batchActions={(ids, reload) =>
          offers(def, action) &&
          auth(action) && (
            <button
              type="button"
              className="btn btn-sm btn-outline-success"
              disabled={ids.length === 0}
              onClick={() => {
                reloadList.current = reload;
                setUndo({ ids: [...ids], message: confirmMessage(ids.length) });
              }}
              data-toolbar={action}
            >
              <i className={`bi ${ICONS[action]} me-1`} aria-hidden="true" />
              {label}
              {ids.length > 0 && <span className="badge text-bg-success ms-1">{ids.length}</span>}
            </button>
          )
        }
      />
      {info && <Info id={info} onClose={() => setInfo(null)} />}
      {undo && (
        <ConfirmDialog
          busy={busy}
          message={undo.message}
          confirmLabel={label}
          onCancel={() => setUndo(null)}
          onConfirm={() => void run(undo.ids)}
        />
      )}
    </>
  );
}

/** One log entry by `info?id=` for a details dialog: the row once it is in, or why it is not. */
export function useLogEntry<T>(def: ResourceDef, id: string): { row: T | null; failure: string } {
  const { request } = useAdmin();
  const [row, setRow] = useState<T | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    let current = true;
    request<{ row: T }>(actionUrl(def, 'info'), { params: { id } }, { showCodeMessage: false, showErrorMessage: false }).then(
      (answer) => current && setRow(answer.data.row),
      (err: unknown) => current && reportFailure(err, setFailure),
    );
    return () => {
      current = false;
    };
  }, [def, id, request]);
  return { row, failure };
}
