import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { actionUrl } from '../../../../resources/naming.ts';
import { offers, type FieldDef, type ResourceDef } from '../../../../resources/types.ts';
import { useAdmin } from '../../context.ts';
import {
  ConfirmDialog,
  CrudForm,
  CrudPagination,
  CrudTable,
  CrudToolbar,
  SearchPanel,
  effectiveOrder,
  listFields,
  nextOrder,
  searchControls,
  useColumnPrefs,
  useCrudList,
  useResourceLabels,
  visibleColumns,
  type Row,
} from '../../crud/index.ts';

type Action = 'add' | 'edit' | 'del';

/** What the add/edit dialog of a list gets. */
export interface ListFormProps {
  mode: 'add' | 'edit';
  id?: string;
  onClose(): void;
  onSaved(): void;
}

export interface ListScreenProps {
  def: ResourceDef;
  /** The generic actions this screen offers; each button also needs its permission node. */
  actions: readonly Action[];
  /** Columns shown another way than the definition says (an admin's name instead of the id, hidden at first...). */
  columnAs?: Readonly<Record<string, FieldDef>>;
  /** The row as the table shows it (formatted values); actions still get the row as the server sent it. */
  shape?(row: Row): Row;
  /** Fields named in the quick-search placeholder, when the definition searches a joined column. */
  quickSearchLabels?: readonly string[];
  /** The add/edit dialog; default the generic form with `formFields`. */
  form?(props: ListFormProps): ReactNode;
  formFields?: readonly FieldDef[];
  /** The delete confirmation for `count` rows. */
  deleteMessage(count: number): string;
  rowActions?(row: Row, reload: () => Promise<void>): ReactNode;
  /** Toolbar buttons acting on the selected rows. */
  batchActions?(ids: readonly string[], reload: () => Promise<void>): ReactNode;
}

type Pending = ({ kind: 'form' } & Pick<ListFormProps, 'mode' | 'id'>) | { kind: 'delete'; ids: string[] };

/**
 * A resource list assembled from the CRUD kit for the screens that need more than the generic page: columns
 * shown their own way, a delete message of their own, and toolbar buttons that act on the selection.
 */
export function ListScreen({ def, actions, columnAs, shape, quickSearchLabels, form, formFields, deleteMessage, rowActions, batchActions }: ListScreenProps) {
  const { request, auth } = useAdmin();
  const { t } = useResourceLabels(def);
  const list = useCrudList(def);
  const { rows, reload } = list;
  const can = (action: Action) => actions.includes(action) && offers(def, action) && auth(action);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [searchOpen, setSearchOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const { prefs, setColumn } = useColumnPrefs(def);
  // The table and its column chooser read the columns as shown; search and requests use the definition.
  const display = useMemo(() => ({ ...def, fields: def.fields.map((f) => columnAs?.[f.name] ?? f), quickSearch: quickSearchLabels ?? def.quickSearch }), [def, columnAs, quickSearchLabels]);
  const columns = useMemo(() => visibleColumns(display, prefs), [display, prefs]);
  const shown = useMemo(() => listFields(display).filter((f) => columns[f.name]), [display, columns]);
  const pk = def.pk;
  const idOf = (row: Row) => String(row[pk]);
  const originals = useMemo(() => new Map(rows.map((r) => [String(r[pk]), r])), [rows, pk]);
  const displayed = useMemo(() => (shape ? rows.map(shape) : rows), [rows, shape]);

  // A selection only means something for the rows on screen.
  useEffect(() => setSelected(new Set()), [rows]);

  async function remove(ids: string[]): Promise<void> {
    setBusy(true);
    try {
      await request(actionUrl(def, 'del'), { method: 'DELETE', params: { ids } }, { showSuccessMessage: true });
      setPending(null);
      await reload();
    } catch {
      // The request client showed the reason; the dialog stays for another try or Cancel.
    } finally {
      setBusy(false);
    }
  }

  const firstSelected = rows.find((r) => selected.has(idOf(r)));
  const formProps =
    pending?.kind === 'form'
      ? {
          mode: pending.mode,
          id: pending.id,
          onClose: () => setPending(null),
          onSaved: () => {
            setPending(null);
            void reload();
          },
        }
      : null;
  const selectable = can('del') || can('edit') || !!batchActions;

  return (
    <div data-crud-page={def.name}>
      {list.remark && (
        <div className="alert alert-info py-2 small" role="note" data-remark="">
          <i className="bi bi-info-circle me-2" aria-hidden="true" />
          {list.remark}
        </div>
      )}
      <CrudToolbar
        def={display}
        onRefresh={() => void reload()}
        onAdd={can('add') ? () => setPending({ kind: 'form', mode: 'add' }) : undefined}
        onEdit={can('edit') ? () => firstSelected && setPending({ kind: 'form', mode: 'edit', id: idOf(firstSelected) }) : undefined}
        onDelete={can('del') ? () => setPending({ kind: 'delete', ids: [...selected] }) : undefined}
        selectedCount={selected.size}
        searchOpen={searchOpen}
        onToggleSearch={searchControls(def).length > 0 ? () => setSearchOpen((o) => !o) : undefined}
        quickSearch={list.query.quickSearch}
        onQuickSearch={list.setQuickSearch}
        columns={columns}
        onColumn={setColumn}
      >
        {batchActions?.([...selected], reload)}
      </CrudToolbar>
      {searchOpen && <SearchPanel def={def} onSearch={list.setSearch} />}
      {list.error && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
          <span>{t('crud-ui:list.error', { message: list.error })}</span>
          <button type="button" className="btn btn-sm btn-outline-danger ms-auto" onClick={() => void reload()}>
            {t('crud-ui:list.retry')}
          </button>
        </div>
      )}
      <CrudTable
        def={def}
        rows={displayed}
        columns={shown}
        loading={list.loading}
        order={effectiveOrder(def, list.query.order)}
        onOrder={(field) => list.setOrder(nextOrder(list.query.order, field))}
        selected={selectable ? selected : undefined}
        onSelect={selectable ? setSelected : undefined}
        onEdit={can('edit') ? (row) => setPending({ kind: 'form', mode: 'edit', id: idOf(row) }) : undefined}
        onDelete={can('del') ? (row) => setPending({ kind: 'delete', ids: [idOf(row)] }) : undefined}
        rowActions={rowActions ? (row) => rowActions(originals.get(idOf(row)) ?? row, reload) : undefined}
      />
      <CrudPagination page={list.query.page} limit={list.query.limit} total={list.total} onPage={list.setPage} onLimit={list.setLimit} />
      {formProps && (form ? form(formProps) : <CrudForm def={def} fields={formFields} {...formProps} />)}
      {pending?.kind === 'delete' && (
        <ConfirmDialog
          danger
          busy={busy}
          message={deleteMessage(pending.ids.length)}
          confirmLabel={t('crud-ui:confirm.delete')}
          onCancel={() => setPending(null)}
          onConfirm={() => void remove(pending.ids)}
        />
      )}
    </div>
  );
}
