import { useEffect, useMemo, useState } from 'react';
import { actionUrl } from '../../../resources/naming.ts';
import { formFields } from '../../../resources/schema.ts';
import userGroup from '../../../resources/user/group.ts';
import { useAdmin } from '../context.ts';
import {
  ConfirmDialog,
  CrudPagination,
  CrudTable,
  CrudToolbar,
  SearchPanel,
  columnStorageKey,
  effectiveOrder,
  listFields,
  nextOrder,
  parseColumnPrefs,
  searchControls,
  useCrudList,
  useResourceLabels,
  visibleColumns,
} from '../crud/index.ts';
import { CrudStyles } from '../crud/CrudStyles.tsx';
import { GroupsForm } from './GroupsForm.tsx';

const def = userGroup;
const FORM_FIELDS = formFields(def).filter((f) => f.name !== 'rules');

type Pending = { kind: 'form'; mode: 'add' } | { kind: 'form'; mode: 'edit'; id: string } | { kind: 'delete'; ids: string[] };

function readPrefs(key: string): Record<string, boolean> {
  try {
    return parseColumnPrefs(window.localStorage.getItem(key));
  } catch {
    return {};
  }
}

/**
 * user/group: member groups, the generic paginated list (reference 3.6) with the group form of the role
 * groups: the member centre's rules as a checkbox tree.
 */
export default function MemberGroups() {
  const { request, auth } = useAdmin();
  const { t } = useResourceLabels(def);
  const list = useCrudList(def);
  const { rows, reload } = list;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [searchOpen, setSearchOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const storageKey = columnStorageKey(def);
  const [prefs, setPrefs] = useState<Record<string, boolean>>(() => readPrefs(storageKey));
  const columns = useMemo(() => visibleColumns(def, prefs), [prefs]);
  const shownFields = useMemo(() => listFields(def).filter((f) => columns[f.name]), [columns]);

  useEffect(() => setSelected(new Set()), [rows]);

  function setColumn(field: string, shown: boolean): void {
    setPrefs((old) => {
      const next = { ...old, [field]: shown };
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Private mode or a full quota: the choice lasts until the page is left.
      }
      return next;
    });
  }

  async function remove(ids: string[]): Promise<void> {
    setBusy(true);
    try {
      await request(actionUrl(def, 'del'), { method: 'DELETE', params: { ids } }, { showSuccessMessage: true });
      setPending(null);
      await reload();
    } catch {
      // The request client showed the reason (e.g. members still in the group); the dialog stays.
    } finally {
      setBusy(false);
    }
  }

  const canEdit = auth('edit');
  const canDelete = auth('del');
  const firstSelected = rows.find((r) => selected.has(String(r[def.pk])));

  return (
    <div data-crud-page={def.name}>
      <CrudStyles />
      {list.remark && (
        <div className="alert alert-info py-2 small" role="note" data-remark="">
          <i className="bi bi-info-circle me-2" aria-hidden="true" />
          {list.remark}
        </div>
      )}
      <CrudToolbar
        def={def}
        onRefresh={() => void reload()}
        onAdd={auth('add') ? () => setPending({ kind: 'form', mode: 'add' }) : undefined}
        onEdit={canEdit ? () => firstSelected && setPending({ kind: 'form', mode: 'edit', id: String(firstSelected[def.pk]) }) : undefined}
        onDelete={canDelete ? () => setPending({ kind: 'delete', ids: [...selected] }) : undefined}
        selectedCount={selected.size}
        searchOpen={searchOpen}
        onToggleSearch={searchControls(def).length ? () => setSearchOpen((o) => !o) : undefined}
        quickSearch={list.query.quickSearch}
        onQuickSearch={list.setQuickSearch}
        columns={columns}
        onColumn={setColumn}
      />
      {searchOpen && <SearchPanel def={def} onSearch={list.setSearch} />}
      {list.error && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert" data-list-error="">
          <span>{t('crud-ui:list.error', { message: list.error })}</span>
          <button type="button" className="btn btn-sm btn-outline-danger ms-auto" onClick={() => void reload()}>
            {t('crud-ui:list.retry')}
          </button>
        </div>
      )}
      <CrudTable
        def={def}
        rows={rows}
        columns={shownFields}
        loading={list.loading}
        order={effectiveOrder(def, list.query.order)}
        onOrder={(field) => list.setOrder(nextOrder(list.query.order, field))}
        selected={canEdit || canDelete ? selected : undefined}
        onSelect={canEdit || canDelete ? setSelected : undefined}
        onEdit={canEdit ? (row) => setPending({ kind: 'form', mode: 'edit', id: String(row[def.pk]) }) : undefined}
        onDelete={canDelete ? (row) => setPending({ kind: 'delete', ids: [String(row[def.pk])] }) : undefined}
      />
      <CrudPagination page={list.query.page} limit={list.query.limit} total={list.total} onPage={list.setPage} onLimit={list.setLimit} />
      {pending?.kind === 'form' && (
        <GroupsForm
          def={def}
          ruleIndex="/admin/user.Rule/index"
          menus="user"
          fields={FORM_FIELDS}
          mode={pending.mode}
          id={pending.mode === 'edit' ? pending.id : undefined}
          onClose={() => setPending(null)}
          onSaved={() => {
            setPending(null);
            void reload();
          }}
        />
      )}
      {pending?.kind === 'delete' && (
        <ConfirmDialog
          danger
          busy={busy}
          message={pending.ids.length === 1 ? t('crud-ui:confirm.deleteOne') : t('crud-ui:confirm.deleteMany', { count: pending.ids.length })}
          confirmLabel={t('crud-ui:confirm.delete')}
          onCancel={() => setPending(null)}
          onConfirm={() => void remove(pending.ids)}
        />
      )}
    </div>
  );
}
