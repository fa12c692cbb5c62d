import { useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { compileDesign, type Compiled } from '../../../../resources/generator/compile.ts';
import { DesignError, designSchema, type DesignChange } from '../../../../resources/generator/design.ts';
import { DESIGN_TYPES, KEY_TYPES, type DesignType } from '../../../../resources/generator/designTypes.ts';
import { ApiCode } from '../../../../shared/api/envelope.ts';
import { RequestError, isCancelled, reportFailure } from '../../../../shared/request/client.ts';
import { useAdmin } from '../../context.ts';
import { ConfirmDialog } from '../../crud/index.ts';
import { allAdminResources } from '../../crud/resourceStore.ts';
import { designChanges, effectivePath, newField, toPayload, type DesignerField, type DesignerState, type DesignerTable } from './designModel.ts';
import { DesignPreview } from './DesignPreview.tsx';
import { FieldEditor } from './FieldEditor.tsx';
import { PublicSettings } from './PublicSettings.tsx';
import { TableSettings } from './TableSettings.tsx';
import { TYPE_ICONS } from './typeIcons.ts';

/** What generateCheck (or an unconfirmed rebuild) answered: the client asks before going on. */
interface Conflict {
  table: boolean;
  controller: boolean;
  rows: number;
  generated: boolean;
}

type Verdict = { compiled: Compiled; error: null } | { compiled: null; error: string };

/** A free field name of the form `field_<n>`. */
function freeName(fields: readonly DesignerField[]): string {
  for (let i = fields.length + 1; ; i++) if (!fields.some((f) => f.name === `field_${i}`)) return `field_${i}`;
}

export interface DesignEditorProps {
  initial: DesignerState;
  onBack(): void;
  /** After a successful generate and the menus' reload: the admin page of the new resource. */
  onGenerated(path: string): void;
}

/**
 * The designer: table settings, a palette of design types, the field list (drag to reorder, or the move
 * buttons from the keyboard), the chosen field's options, and a live preview of the list and the form
 * compiled exactly as the server will compile them. Generate asks before overwriting anything.
 */
export function DesignEditor({ initial, onBack, onGenerated }: DesignEditorProps) {
  const { t } = useTranslation(['crud-designer', 'crud-generator']);
  const { request, reload, adminBase } = useAdmin();
  const [state, setState] = useState(initial);
  const [selected, setSelected] = useState<string | null>(initial.fields[1]?.uid ?? initial.fields[0]?.uid ?? null);
  const [dragging, setDragging] = useState<{ uid?: string; type?: DesignType } | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  const payload = useMemo(() => toPayload(state), [state]);
  const changes = useMemo(() => designChanges(state), [state]);
  // The server's own compile, here: every refusal it would give shows while the admin designs.
  const verdict = useMemo<Verdict>(() => {
    const parsed = designSchema().safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue?.path[0] === 'fields' && typeof issue.path[1] === 'number' ? (payload.fields[issue.path[1]]?.name ?? '') : '';
      const key = issue && /^crud-generator:\w+$/.test(issue.message) ? issue.message : 'crud-generator:payloadInvalid';
      return { compiled: null, error: t(key, { field: at || issue?.path.join('.') || '-' }) };
    }
    try {
      const resolve = (table: string) => allAdminResources().find((r) => r.table === table);
      return { compiled: compileDesign(parsed.data, resolve), error: null };
    } catch (err) {
      if (err instanceof DesignError) return { compiled: null, error: t(`crud-generator:${err.key}`, err.params) };
      throw err;
    }
  }, [payload, t]);

  const field = state.fields.find((f) => f.uid === selected) ?? null;
  const setTable = (patch: Partial<DesignerTable>) => setState((s) => ({ ...s, table: { ...s.table, ...patch } }));
  const setField = (uid: string, patch: Partial<DesignerField>) =>
    setState((s) => ({ ...s, fields: s.fields.map((f) => (f.uid === uid ? { ...f, ...patch } : f)) }));

  /** Adds a field of a type at a place in the list: after the chosen field by default. */
  function addField(type: DesignType, at?: number): void {
    const created = newField(type, freeName(state.fields));
    const after = selected ? state.fields.findIndex((f) => f.uid === selected) + 1 : state.fields.length;
    const index = at ?? (after > 0 ? after : state.fields.length);
    setState((s) => ({ ...s, fields: [...s.fields.slice(0, index), created, ...s.fields.slice(index)] }));
    setSelected(created.uid);
  }

  function removeField(uid: string): void {
    const index = state.fields.findIndex((f) => f.uid === uid);
    const gone = state.fields[index];
    const fields = state.fields.filter((f) => f.uid !== uid);
    setState((s) => ({ ...s, fields: s.fields.filter((f) => f.uid !== uid), table: { ...s.table, quickSearch: s.table.quickSearch.filter((n) => n !== gone?.name) } }));
    setSelected(fields[Math.min(index, fields.length - 1)]?.uid ?? null);
  }

  function moveField(uid: string, to: number): void {
    setState((s) => {
      const from = s.fields.findIndex((f) => f.uid === uid);
      if (from < 0 || to < 0 || to >= s.fields.length || from === to) return s;
      const fields = [...s.fields];
      const [moved] = fields.splice(from, 1);
      fields.splice(to, 0, moved!);
      return { ...s, fields };
    });
  }

  function onDrop(event: DragEvent, index: number): void {
    event.preventDefault();
    if (dragging?.uid) {
      const from = state.fields.findIndex((f) => f.uid === dragging.uid);
      moveField(dragging.uid, from < index ? index - 1 : index);
    } else if (dragging?.type) {
      addField(dragging.type, index);
    }
    setDragging(null);
  }

  async function generate(confirm: boolean): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      await request('/admin/crud.Crud/generate', { method: 'POST', body: { ...payload, confirm } }, { showSuccessMessage: true, showCodeMessage: false });
      setConflict(null);
      // The new menu and screen exist now: fetch the menus again, then the designer opens it.
      await reload();
      onGenerated(`${adminBase}/${effectivePath(state.table)}`);
    } catch (err) {
      if (err instanceof RequestError && err.envelope?.code === ApiCode.generateConflict) setConflict(err.envelope.data as Conflict);
      else if (!isCancelled(err)) {
        setConflict(null);
        setProblem(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setBusy(false);
    }
  }

  async function check(): Promise<void> {
    if (verdict.error) {
      errorRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await request('/admin/crud.Crud/generateCheck', { method: 'POST', body: { table: payload.table.name, generateRelativePath: payload.table.generateRelativePath } }, { showCodeMessage: false });
      setBusy(false);
      await generate(false);
    } catch (err) {
      setBusy(false);
      if (err instanceof RequestError && err.envelope?.code === ApiCode.generateConflict) setConflict(err.envelope.data as Conflict);
      else reportFailure(err, setProblem);
    }
  }

  const changeText = (c: DesignChange) => t(`changes.${c.type}`, { old: c.oldName, name: c.newName, after: c.after === 'FIRST FIELD' ? t('changes.first') : c.after });

  return (
    <div className="crud-designer" data-designer="">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onBack}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('back')}
        </button>
        <h1 className="h5 mb-0 me-auto">{state.table.name ? t('editing', { table: state.table.name }) : t('newTable')}</h1>
        <button type="button" className="btn btn-primary" data-generate="" disabled={busy} aria-busy={busy || undefined} onClick={() => void check()}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('generate')}
        </button>
      </div>
      <div ref={errorRef} tabIndex={-1} aria-live="polite">
        {verdict.error && (
          <div className="alert alert-warning py-2" role="alert" data-design-error="">
            {verdict.error}
          </div>
        )}
        {problem && (
          <div className="alert alert-danger py-2" role="alert" data-generate-error="">
            {problem}
          </div>
        )}
      </div>

      <TableSettings state={state} onChange={setTable} />
      <PublicSettings state={state} onChange={setTable} />

      <div className="row g-3 mb-3">
        <section className="col-lg-2 col-md-3" aria-labelledby="crud-palette-title">
          <h2 className="h6" id="crud-palette-title">
            {t('palette.title')}
          </h2>
          <p className="small text-body-secondary">{t('palette.hint')}</p>
          <div className="d-flex flex-wrap gap-1 crud-palette">
            {DESIGN_TYPES.filter((type) => !KEY_TYPES.includes(type) || !state.fields.some((f) => KEY_TYPES.includes(f.designType))).map((type) => (
              <button
                type="button"
                key={type}
                className="btn btn-sm btn-outline-secondary"
                data-palette={type}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'copy';
                  e.dataTransfer.setData('text/plain', type);
                  setDragging({ type });
                }}
                onDragEnd={() => setDragging(null)}
                onClick={() => addField(type)}
                title={t('palette.add', { type: t(`types.${type}`) })}
              >
                <i className={`bi ${TYPE_ICONS[type]} me-1`} aria-hidden="true" />
                {t(`types.${type}`)}
              </button>
            ))}
          </div>
        </section>

        <section className="col-lg-4 col-md-9" aria-labelledby="crud-fields-title">
          <h2 className="h6" id="crud-fields-title">
            {t('fields.title', { count: state.fields.length })}
          </h2>
          <ol className="list-group list-group-numbered" data-field-list="" onDragOver={(e) => e.preventDefault()} onDrop={(e) => onDrop(e, state.fields.length)}>
            {state.fields.map((f, i) => (
              <li
                key={f.uid}
                className={`list-group-item d-flex align-items-center gap-2 py-1 ${f.uid === selected ? 'active' : ''}`}
                data-design-field={f.name}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', f.uid);
                  setDragging({ uid: f.uid });
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.stopPropagation();
                  onDrop(e, i);
                }}
              >
                <i className="bi bi-grip-vertical" aria-hidden="true" style={{ cursor: 'grab' }} />
                <button type="button" className={`btn btn-link btn-sm text-start flex-grow-1 p-0 text-decoration-none ${f.uid === selected ? 'text-white' : ''}`} aria-pressed={f.uid === selected} onClick={() => setSelected(f.uid)}>
                  <span className="fw-semibold">{f.name || t('fields.unnamed')}</span>
                  <span className="small ms-2 opacity-75">
                    {t(`types.${f.designType}`)}
                    {f.titleZh || f.titleEn ? ` · ${f.titleZh || f.titleEn}` : ''}
                  </span>
                </button>
                <div className="btn-group btn-group-sm">
                  <button type="button" className="btn btn-light" aria-label={t('fields.up', { name: f.name })} disabled={i === 0} onClick={() => moveField(f.uid, i - 1)}>
                    <i className="bi bi-arrow-up" aria-hidden="true" />
                  </button>
                  <button type="button" className="btn btn-light" aria-label={t('fields.down', { name: f.name })} disabled={i === state.fields.length - 1} onClick={() => moveField(f.uid, i + 1)}>
                    <i className="bi bi-arrow-down" aria-hidden="true" />
                  </button>
                  <button type="button" className="btn btn-light" aria-label={t('fields.remove', { name: f.name })} data-remove-field={f.name} onClick={() => removeField(f.uid)}>
                    <i className="bi bi-trash" aria-hidden="true" />
                  </button>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className="col-lg-6" aria-labelledby="crud-field-options">
          <h2 className="h6" id="crud-field-options">
            {field ? t('options.title', { name: field.name }) : t('options.none')}
          </h2>
          {field && <FieldEditor key={field.uid} field={field} fields={state.fields} onChange={(patch) => setField(field.uid, patch)} />}
        </section>
      </div>

      <DesignPreview compiled={verdict.compiled} />

      {conflict && (
        <ConfirmDialog
          danger={state.table.rebuild === 'Yes' && conflict.rows > 0}
          busy={busy}
          title={t('confirm.title')}
          message={
            <>
              {conflict.table && (
                <span className="d-block">
                  {t(conflict.generated ? 'confirm.tableGenerated' : 'confirm.tableExists', { table: state.table.name, count: conflict.rows })}
                </span>
              )}
              {conflict.controller && <span className="d-block">{t('confirm.resourceExists', { path: effectivePath(state.table) })}</span>}
              {state.existing && state.table.rebuild === 'Yes' ? (
                <span className="d-block fw-semibold">{t(conflict.rows > 0 ? 'confirm.rebuildRows' : 'confirm.rebuild', { count: conflict.rows })}</span>
              ) : changes.length ? (
                <span className="d-block">
                  {t('confirm.changes')}
                  <span className="d-block small" data-design-changes="">
                    {changes.map((c, i) => (
                      <span className="d-block" key={i}>
                        · {changeText(c)}
                      </span>
                    ))}
                  </span>
                </span>
              ) : (
                <span className="d-block">{t('confirm.noChanges')}</span>
              )}
            </>
          }
          confirmLabel={t('generate')}
          onConfirm={() => void generate(true)}
          onCancel={() => setConflict(null)}
        />
      )}
    </div>
  );
}
