import { useCallback, useEffect, useRef, useState } from 'react';
import { actionUrl } from '../../../resources/naming.ts';
import type { ResourceDef } from '../../../resources/types.ts';
import type { RevisionEntry, RevisionList } from '../../../shared/revisions.ts';
import { formatTime } from '../../../shared/time.ts';
import { useAdmin } from '../context.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useResourceLabels } from './labels.ts';
import { Modal } from './Modal.tsx';
import { textDiff, valueText, type Piece } from './revisionDiff.ts';

export interface RevisionsDialogProps {
  def: ResourceDef;
  id: string;
  onClose(): void;
  /** After a restore (the list behind shows the row again). */
  onRestored(): void;
}

/** Removed words struck through in red, added ones underlined in green, the rest as it was. */
function DiffText({ pieces }: { pieces: Piece[] }) {
  return (
    <div className="border rounded p-2 small" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {pieces.map((piece, i) =>
        piece.kind === 'same' ? (
          <span key={i}>{piece.text}</span>
        ) : piece.kind === 'added' ? (
          <ins key={i} className="bg-success-subtle text-success-emphasis" data-diff="added">
            {piece.text}
          </ins>
        ) : (
          <del key={i} className="bg-danger-subtle text-danger-emphasis" data-diff="removed">
            {piece.text}
          </del>
        ),
      )}
    </div>
  );
}

/**
 * A row's history: every kept save (who, when, how), and for the one chosen the fields it changed, word by
 * word, rich text included; "restore" puts back the version that save replaced.
 */
export function RevisionsDialog({ def, id, onClose, onRestored }: RevisionsDialogProps) {
  const { request, siteConfig, lang } = useAdmin();
  const { t, title, fieldLabel, optionLabel } = useResourceLabels(def);
  const [data, setData] = useState<RevisionList | null>(null);
  const [chosen, setChosen] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const ctx = { timeZone: siteConfig.timeZone, optionLabel };
  const close = useRef(onClose);
  close.current = onClose;

  const load = useCallback(async () => {
    try {
      const answer = await request<RevisionList>(actionUrl(def, 'revisions'), { params: { [def.pk]: id } });
      setData(answer.data);
      setChosen(0);
    } catch {
      // The request client showed why; there is nothing to show.
      close.current();
    }
  }, [request, def, id]);

  useEffect(() => {
    void load();
  }, [load]);

  async function restore(revision: RevisionEntry): Promise<void> {
    setBusy(true);
    try {
      await request(actionUrl(def, 'restoreRevision'), { method: 'POST', body: { [def.pk]: id, revision_id: revision.id } }, { showSuccessMessage: true });
      setConfirming(false);
      onRestored();
      await load();
    } catch {
      // Shown by the request client; the dialog stays.
    } finally {
      setBusy(false);
    }
  }

  const list = data?.list ?? [];
  const revision = list[chosen];
  // What the chosen save left: the version after it, or the row as it is now.
  const after = chosen === 0 ? data?.current : list[chosen - 1]?.data;
  const label = (column: string) => (column.endsWith('_en') && def.fields.some((f) => f.name === column.slice(0, -3) && f.localized) ? `${fieldLabel(column.slice(0, -3))} (${t('crud-ui:form.langEn')})` : fieldLabel(column));
  const fieldOf = (column: string) => def.fields.find((f) => f.name === column || (f.localized && `${f.name}_en` === column));
  const when = (r: RevisionEntry) => formatTime(r.time, 'yyyy-mm-dd hh:MM:ss', siteConfig.timeZone);

  return (
    <>
      <Modal
        title={t('staff:revisions.title', { title, id })}
        size="xl"
        onClose={onClose}
        footer={
          revision && (
            <button type="button" className="btn btn-warning" onClick={() => setConfirming(true)} data-revision-restore={revision.id}>
              <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
              {t('staff:revisions.restore')}
            </button>
          )
        }
      >
        {data === null ? (
          <div role="status" className="text-center py-4">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('crud-ui:list.loading')}
          </div>
        ) : list.length === 0 ? (
          <p className="text-body-secondary mb-0" data-revisions-empty="">
            {t('staff:revisions.empty')}
          </p>
        ) : (
          <div className="row g-3" data-revisions={def.name}>
            <div className="col-md-4">
              <div className="list-group" role="listbox" aria-label={t('staff:revisions.listLabel')}>
                {list.map((r, i) => (
                  <button
                    type="button"
                    key={r.id}
                    role="option"
                    aria-selected={i === chosen}
                    className={`list-group-item list-group-item-action${i === chosen ? ' active' : ''}`}
                    onClick={() => setChosen(i)}
                    data-revision={r.id}
                  >
                    <div className="small fw-semibold">{when(r)}</div>
                    <div className="small">{t(`staff:revisions.by.${r.action}`, { name: r.username || '-' })}</div>
                    <div className="small text-truncate">{r.fields.map(label).join(lang === 'en' ? ', ' : '、')}</div>
                  </button>
                ))}
              </div>
            </div>
            <div className="col-md-8">
              {revision && (
                <>
                  <p className="small text-body-secondary">{t('staff:revisions.explain', { time: when(revision), name: revision.username || '-' })}</p>
                  {revision.fields.map((column) => (
                    <section key={column} className="mb-3" data-revision-field={column}>
                      <h3 className="h6">{label(column)}</h3>
                      <DiffText pieces={textDiff(valueText(fieldOf(column), revision.data[column], ctx), valueText(fieldOf(column), after?.[column], ctx), column.endsWith('_en') ? 'en' : lang)} />
                    </section>
                  ))}
                </>
              )}
            </div>
          </div>
        )}
      </Modal>
      {confirming && revision && (
        <ConfirmDialog
          busy={busy}
          message={t('staff:revisions.confirm', { time: when(revision) })}
          confirmLabel={t('staff:revisions.restore')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void restore(revision)}
        />
      )}
    </>
  );
}
