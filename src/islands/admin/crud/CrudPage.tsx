import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { actionUrl } from '../../../resources/naming.ts';
import { offers, type FieldDef, type ResourceDef } from '../../../resources/types.ts';
import { useAdmin } from '../context.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { CrudDetails } from './CrudDetails.tsx';
import { CrudForm } from './CrudForm.tsx';
import { CrudPagination } from './CrudPagination.tsx';
import { CrudStyles } from './CrudStyles.tsx';
import { CrudTable, mainColumn } from './CrudTable.tsx';
import { CrudToolbar } from './CrudToolbar.tsx';
import { useResourceLabels } from './labels.ts';
import { canDragSort, effectiveOrder, listFields, nextOrder, roomOrder, searchControls, visibleColumns, type Row } from './listModel.ts';
import { useColumnPrefs } from './useColumnPrefs.ts';
import { useColumnRoom } from './useColumnRoom.ts';
import { SearchPanel } from './SearchPanel.tsx';
import { ListError, ListRemark } from './tableParts.tsx';
import { useCrudList, type UseCrudListOptions } from './useCrudList.ts';
import { hasRowCapabilities, RowCapabilities } from './RowCapabilities.tsx';
import { ExportButtons, ImportButton } from './Transfer.tsx';
import { transfersOf } from '../../../resources/transfer.ts';

export type CrudAction = 'add' | 'edit' | 'del' | 'sortable';

export interface CrudPageProps {
  def: ResourceDef;
  /** Extra index parameters (see useCrudList). */
  list?: UseCrudListOptions;
  /** The form's inputs; default every form field. */
  formFields?: readonly FieldDef[];
  /**
   * Actions this screen leaves out even when the admin holds them (e.g. an insert-only ledger: ['edit', 'del']);
   * 'view' leaves out the read-only details of a resource without edit (a log with its own).
   */
  without?: readonly (CrudAction | 'view')[];
  /** Columns shown another way than the definition says (an admin's name instead of the id, hidden at first...). */
  columnAs?: Readonly<Record<string, FieldDef>>;
  /** The row as the table shows it (formatted values); row actions still get the row as the server sent it. */
  shape?(row: Row): Row;
  /** Fields named in the quick-search placeholder, when the definition searches a joined column. */
  quickSearchLabels?: readonly string[];
  /** A special screen's buttons per row and in the toolbar (given the list's reload when it changes rows). */
  rowActions?(row: Row, reload: () => Promise<void>): ReactNode;
  toolbar?: ReactNode | ((reload: () => Promise<void>) => ReactNode);
  /** Toolbar buttons acting on the selected rows (which makes the rows selectable). */
  batchActions?(ids: readonly string[], reload: () => Promise<void>): ReactNode;
  /** The delete confirmation for `count` rows; default the generic one. */
  deleteMessage?(count: number): string;
  /** The add/edit dialog where the generic form does not fit (a group's rule tree); default CrudForm. */
  renderForm?(form: CrudFormSlot): ReactNode;
}

/** What a screen's own add/edit dialog gets from CrudPage. */
export interface CrudFormSlot {
  mode: 'add' | 'edit';
  id?: string;
  onClose(): void;
  onSaved(): void;
}

type Pending = { kind: 'form'; mode: 'add' } | { kind: 'form'; mode: 'edit'; id: string } | { kind: 'delete'; ids: string[] } | { kind: 'view'; row: Row };

/**
 * A whole resource screen: remark, toolbar, common search, table, pagination, the add/edit form and the
 * delete confirmation, each button shown only when the server has its action (the definition's `actions`)
 * and the admin holds its permission node. A resource without an edit action (a log) shows each record in a
 * read-only details dialog instead. Special screens (attachments, the security rules and logs) adjust it with
 * the props: columns shown their own way, their own dialog and delete message, buttons for the selection.
 */
export function CrudPage({ def, list: listOptions, formFields, without = [], columnAs, shape, quickSearchLabels, rowActions, toolbar, batchActions, deleteMessage, renderForm }: CrudPageProps) {
  const { request, auth } = useAdmin();
  const { t } = useResourceLabels(def);
  const list = useCrudList(def, listOptions);
  const can = (action: CrudAction) => offers(def, action) && !without.includes(action) && auth(action);
  const viewable = !offers(def, 'edit') && !without.includes('view');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [searchOpen, setSearchOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const { prefs, setColumn } = useColumnPrefs(def);
  // The table and its column chooser read the columns as shown; search and requests use the definition.
  const display = useMemo(
    () => (columnAs || quickSearchLabels ? { ...def, fields: def.fields.map((f) => columnAs?.[f.name] ?? f), quickSearch: quickSearchLabels ?? def.quickSearch } : def),
    [def, columnAs, quickSearchLabels],
  );
  const chosen = useMemo(() => visibleColumns(display, prefs), [display, prefs]);
  const chosenFields = useMemo(() => listFields(display).filter((f) => chosen[f.name]), [display, chosen]);
  // Low-priority columns give way when the main text column lacks room (the chooser shows them unticked).
  const pageRef = useRef<HTMLDivElement>(null);
  const givenWay = useColumnRoom(pageRef, useMemo(() => roomOrder(def, chosenFields, mainColumn(def, chosenFields), prefs), [def, chosenFields, prefs]));
  const columns = useMemo(() => ({ ...chosen, ...Object.fromEntries([...givenWay].map((name) => [name, false])) }), [chosen, givenWay]);
  const shownFields = useMemo(() => chosenFields.filter((f) => !givenWay.has(f.name)), [chosenFields, givenWay]);
  const searchable = useMemo(() => searchControls(def).length > 0, [def]);
  const { rows, reload } = list;
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
      // The request client showed the server's reason; the dialog stays for another try or Cancel.
    } finally {
      setBusy(false);
    }
  }

  async function move(id: string, targetId: string): Promise<void> {
    try {
      await request(actionUrl(def, 'sortable'), { method: 'POST', body: { id, targetId } });
    } catch {
      // Shown by the request client (e.g. equal weights); the list is reloaded either way.
    }
    await reload();
  }

  const dragSort = can('sortable') && canDragSort(def, list.query.order);
  // Previews and history show what an edit could change: they need the edit rule.
  const capable = can('edit') && hasRowCapabilities(def);
  const selectable = can('del') || can('edit') || !!batchActions;
  const transfers = transfersOf(def);
  // A screen listing from an action of its own has no export of that list.
  const exportable = transfers.export && !listOptions?.url;
  const firstSelected = rows.find((r) => selected.has(idOf(r)));
  const form: CrudFormSlot | null =
    pending?.kind === 'form'
      ? {
          mode: pending.mode,
          ...(pending.mode === 'edit' ? { id: pending.id } : {}),
          onClose: () => setPending(null),
          onSaved: () => {
            setPending(null);
            void reload();
          },
        }
      : null;

  return (
    <div data-crud-page={def.name} ref={pageRef}>
      <CrudStyles />
      {list.remark && <ListRemark text={list.remark} />}
      <CrudToolbar
        def={display}
        onRefresh={() => void reload()}
        onAdd={can('add') ? () => setPending({ kind: 'form', mode: 'add' }) : undefined}
        onEdit={can('edit') ? () => firstSelected && setPending({ kind: 'form', mode: 'edit', id: idOf(firstSelected) }) : undefined}
        onDelete={can('del') ? () => setPending({ kind: 'delete', ids: [...selected] }) : undefined}
        selectedCount={selected.size}
        searchOpen={searchOpen}
        onToggleSearch={searchable ? () => setSearchOpen((o) => !o) : undefined}
        quickSearch={list.query.quickSearch}
        onQuickSearch={list.setQuickSearch}
        columns={columns}
        onColumn={setColumn}
      >
        {typeof toolbar === 'function' ? toolbar(reload) : toolbar}
        {batchActions?.([...selected], reload)}
        {exportable && <ExportButtons def={def} params={list.params} columns={shownFields.map((f) => f.name)} />}
        {transfers.import && can('add') && <ImportButton def={def} onImported={() => void reload()} />}
      </CrudToolbar>
      {searchOpen && <SearchPanel def={def} onSearch={list.setSearch} />}
      {list.error && <ListError message={list.error} onRetry={() => void reload()} />}
      <CrudTable
        def={def}
        rows={displayed}
        columns={shownFields}
        loading={list.loading}
        order={effectiveOrder(def, list.query.order)}
        onOrder={(field) => list.setOrder(nextOrder(list.query.order, field))}
        selected={selectable ? selected : undefined}
        onSelect={selectable ? setSelected : undefined}
        onEdit={can('edit') ? (row) => setPending({ kind: 'form', mode: 'edit', id: idOf(row) }) : undefined}
        onDelete={can('del') ? (row) => setPending({ kind: 'delete', ids: [idOf(row)] }) : undefined}
        onView={viewable ? (row) => setPending({ kind: 'view', row: originals.get(idOf(row)) ?? row }) : undefined}
        onMove={dragSort ? (id, targetId) => void move(id, targetId) : undefined}
        rowActions={
          rowActions || capable
            ? (row) => {
                const original = originals.get(idOf(row)) ?? row;
                return (
                  <>
                    {capable && <RowCapabilities def={def} row={original} reload={reload} />}
                    {rowActions?.(original, reload)}
                  </>
                );
              }
            : undefined
        }
      />
      <CrudPagination page={list.query.page} limit={list.query.limit} total={list.total} estimated={list.totalEstimated} onPage={list.setPage} onLimit={list.setLimit} />
      {form && (renderForm ? renderForm(form) : <CrudForm def={def} {...form} fields={formFields} />)}
      {pending?.kind === 'view' && <CrudDetails def={def} row={pending.row} onClose={() => setPending(null)} />}
      {pending?.kind === 'delete' && (
        <ConfirmDialog
          danger
          busy={busy}
          message={deleteMessage ? deleteMessage(pending.ids.length) : pending.ids.length === 1 ? t('crud-ui:confirm.deleteOne') : t('crud-ui:confirm.deleteMany', { count: pending.ids.length })}
          confirmLabel={t('crud-ui:confirm.delete')}
          onCancel={() => setPending(null)}
          onConfirm={() => void remove(pending.ids)}
        />
      )}
    </div>
  );
}
