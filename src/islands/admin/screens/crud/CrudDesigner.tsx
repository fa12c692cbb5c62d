import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import crudLog from '../../../../resources/crud/log.ts';
import { resourceNameOf } from '../../../../resources/generator/identifiers.ts';
import { KEY_TYPES } from '../../../../resources/generator/designTypes.ts';
import { isCancelled } from '../../../../shared/request/client.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdmin, type ScreenProps } from '../../context.ts';
import { ConfirmDialog, CrudPagination, CrudTable, QuickSearch, effectiveOrder, listFields, nextOrder, useCrudList, type Row } from '../../crud/index.ts';
import { allAdminResources } from '../../crud/resourceStore.ts';
import { blankDesign, fromPayloadField, publicSettingsOf, type DesignerState } from './designModel.ts';
import { DesignEditor } from './DesignEditor.tsx';
import { SAMPLE_TABLE, sampleDesign } from './sampleDesign.ts';
import { downloadExport } from './exportFiles.ts';

interface ParsedTable {
  columns: Record<string, Record<string, unknown>>;
  comment: string;
  commentEn: string;
}

interface LoggedDesign {
  table: Record<string, unknown> & { name: string; empty: boolean };
  fields: Record<string, unknown>[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const names = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : str(v).split(',').filter(Boolean));

/** The resource a logged table became: the one the app knows for the table, else the path it was given. */
function resourceOfLog(row: Row): string {
  const table = str(row.table_name);
  return allAdminResources().find((r) => r.table === table)?.name ?? resourceNameOf(table);
}

/** One way to start a design: its title, what it does, and the control that starts it (the log's is its list below). */
function StartCard({ title, hint, children }: { title: ReactNode; hint: string; children?: ReactNode }) {
  return (
    <div className="col-md-6 col-xl-3">
      <div className="card h-100">
        <div className="card-body d-flex flex-column">
          <h2 className="h6 card-title">{title}</h2>
          <p className={`small text-body-secondary ${children ? 'flex-grow-1' : 'mb-0'}`}>{hint}</p>
          {children}
        </div>
      </div>
    </div>
  );
}

/**
 * The CRUD generator (reference admin-api 5): start a design from scratch, from a table of the database,
 * from the sample table or from a previous generate, then design it; the start page also lists the earlier generates, with
 * export and delete.
 */
export default function CrudDesigner(_props: ScreenProps) {
  const { t } = useTranslation('crud-designer');
  const { request, auth, reload, navigate } = useAdmin();
  const [design, setDesign] = useState<DesignerState | null>(null);
  const [tables, setTables] = useState<{ table: string; comment: string }[] | null>(null);
  const [table, setTable] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const logs = useCrudList(crudLog);
  // A page to open once the shell has the menus that contain it (navigate checks against the menus it has).
  const [goTo, setGoTo] = useState<string | null>(null);
  useEffect(() => {
    if (!goTo) return;
    setGoTo(null);
    navigate(goTo);
  }, [goTo, navigate]);

  async function loadTables(): Promise<void> {
    if (tables) return;
    const answer = await request<{ list: { table: string; comment: string }[] }>('/admin/ajax/getTableList');
    setTables(answer.data.list);
  }

  async function fromTable(): Promise<void> {
    if (!table || busy) return;
    setBusy(true);
    try {
      const { data } = await request<ParsedTable>('/admin/crud.Crud/parseFieldData', { method: 'POST', body: { type: 'db', table } });
      const columns = Object.values(data.columns);
      const pk = columns.find((c) => (KEY_TYPES as readonly unknown[]).includes(c.designType));
      setDesign({
        source: 'db',
        existing: true,
        originalOrder: columns.map((c) => str(c.name)),
        table: { ...blankDesign().table, name: table, titleZh: data.comment, titleEn: data.commentEn, sortField: pk ? str(pk.name) : '' },
        fields: columns.map((c) => fromPayloadField(c, true)),
      });
    } catch {
      // The request client has shown why (a system table, a table gone).
    } finally {
      setBusy(false);
    }
  }

  async function fromLog(row: Row): Promise<void> {
    if (busy) return;
    setBusy(true);
    try {
      const { data } = await request<LoggedDesign>('/admin/crud.Crud/logStart', { method: 'POST', body: { id: row.id } });
      const name = str(data.table.name);
      // The table's columns as they are now decide which fields are changes and which are new.
      const current = await request<{ fieldList: Record<string, string> }>('/admin/ajax/getTableFieldList', { params: { table: name } }, { showCodeMessage: false }).then(
        (r) => Object.keys(r.data.fieldList),
        () => [] as string[],
      );
      const listed = names(data.table.columnFields);
      const form = names(data.table.formFields);
      setDesign({
        source: 'log',
        existing: current.length > 0,
        originalOrder: current,
        table: {
          name,
          titleZh: str(data.table.comment),
          titleEn: str(data.table.commentEn),
          path: str(data.table.generateRelativePath),
          icon: str(data.table.icon),
          quickSearch: names(data.table.quickSearchField),
          sortField: str(data.table.defaultSortField),
          sortType: data.table.defaultSortType === 'asc' ? 'asc' : 'desc',
          // An empty table is rebuilt as designed (the reference client's default), one with rows changed.
          rebuild: current.length > 0 && data.table.empty ? 'Yes' : 'No',
          ...publicSettingsOf(data.table),
        },
        fields: data.fields.map((f) => {
          const fieldName = str(f.name);
          return fromPayloadField(f, current.includes(fieldName), listed.includes(fieldName), form.includes(fieldName));
        }),
      });
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(false);
    }
  }

  async function removeModule(): Promise<void> {
    if (!deleting) return;
    setBusy(true);
    try {
      await request('/admin/crud.Crud/delete', { method: 'POST', body: { id: deleting.id } }, { showSuccessMessage: true });
      setDeleting(null);
      await Promise.all([logs.reload(), reload()]);
    } catch (err) {
      if (!isCancelled(err)) setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

  if (design) {
    const generated = (path: string) => {
      setDesign(null);
      setGoTo(path);
      void logs.reload();
    };
    return <DesignEditor initial={design} onBack={() => setDesign(null)} onGenerated={generated} />;
  }

  const success = (row: Row) => row.status === 'success';
  return (
    <div className="crud-designer-start" data-designer-start="">
      <h1 className="h4 mb-3">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <div className="row g-3 mb-4">
        <StartCard title={t('start.scratch')} hint={t('start.scratchHint')}>
          <button type="button" className="btn btn-primary" data-start="scratch" onClick={() => setDesign(blankDesign())}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('start.scratchButton')}
          </button>
        </StartCard>
        <StartCard title={<label htmlFor="crud-start-table">{t('start.table')}</label>} hint={t('start.tableHint')}>
          <div className="input-group">
            <select id="crud-start-table" className="form-select" value={table} onFocus={() => void loadTables()} onMouseDown={() => void loadTables()} onChange={(e) => setTable(e.target.value)}>
              <option value="">{tables ? t('start.chooseTable') : t('start.loadingTables')}</option>
              {(tables ?? []).map((tb) => (
                <option key={tb.table} value={tb.table}>
                  {tb.comment}
                </option>
              ))}
            </select>
            <button type="button" className="btn btn-outline-primary" data-start="table" disabled={!table || busy} onClick={() => void fromTable()}>
              {t('start.tableButton')}
            </button>
          </div>
        </StartCard>
        <StartCard title={t('start.sample')} hint={t('start.sampleHint', { table: SAMPLE_TABLE })}>
          <button type="button" className="btn btn-outline-primary" data-start="sample" onClick={() => setDesign(sampleDesign())}>
            {t('start.sampleButton')}
          </button>
        </StartCard>
        <StartCard title={t('start.log')} hint={t('start.logHint')} />
      </div>

      <section aria-labelledby="crud-log-title">
        <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <h2 className="h5 mb-0 me-auto" id="crud-log-title">
            {t('log.title')}
          </h2>
          <QuickSearch def={crudLog} value={logs.query.quickSearch} onSearch={logs.setQuickSearch} />
        </div>
        {logs.error && (
          <div className="alert alert-danger py-2" role="alert">
            {logs.error}
          </div>
        )}
        <CrudTable
          def={crudLog}
          rows={logs.rows}
          columns={listFields(crudLog)}
          loading={logs.loading}
          order={effectiveOrder(crudLog, logs.query.order)}
          onOrder={(field) => logs.setOrder(nextOrder(logs.query.order, field))}
          emptyText={t('log.empty')}
          rowActions={(row) => (
            <>
              <button type="button" className="btn btn-sm btn-outline-primary" data-log-action="start" disabled={busy} onClick={() => void fromLog(row)}>
                {t('log.start')}
              </button>
              {success(row) && (
                <button type="button" className="btn btn-sm btn-outline-secondary" data-log-action="export" onClick={() => void downloadExport(request, resourceOfLog(row)).then((files) => toast('success', t('log.exported', { paths: files.map((f) => f.path).join(', ') })), () => toast('error', t('log.exportFailed')))}>
                  {t('log.export')}
                </button>
              )}
              {success(row) && auth('delete') && (
                <button type="button" className="btn btn-sm btn-outline-danger" data-log-action="delete" onClick={() => setDeleting(row)}>
                  {t('log.delete')}
                </button>
              )}
            </>
          )}
        />
        <CrudPagination page={logs.query.page} limit={logs.query.limit} total={logs.total} estimated={logs.totalEstimated} onPage={logs.setPage} onLimit={logs.setLimit} />
      </section>
      {deleting && (
        <ConfirmDialog
          danger
          busy={busy}
          title={t('log.deleteTitle')}
          message={t('log.deleteMessage', { table: str(deleting.table_name), name: resourceOfLog(deleting) })}
          confirmLabel={t('log.delete')}
          onConfirm={() => void removeModule()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
