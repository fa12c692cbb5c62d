import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import adminRule from '../../../resources/auth/rule.ts';
import { actionUrl } from '../../../resources/naming.ts';
import { formFields } from '../../../resources/schema.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import userRule from '../../../resources/user/rule.ts';
import { useAdmin, type ScreenProps } from '../context.ts';
import { MenuIcon } from '../Menus.tsx';
import { CrudStyles } from '../crud/CrudStyles.tsx';
import { CellView, CrudForm, CrudToolbar, cellOf, listFields, useColumnPrefs, useResourceLabels, visibleColumns } from '../crud/index.ts';
import { DeleteTreeRows } from './tree/DeleteTreeRows.tsx';
import { ruleTitle, type MenuCatalogue, type RuleNode } from './tree/ruleTitle.ts';
import { branchIds, subtreeIds } from './tree/treeModel.ts';
import { TreeTable, type TreeColumn } from './tree/TreeTable.tsx';
import { useTreeList } from './tree/useTreeList.ts';

/** The two rule trees this screen serves, by menu component: the admin's menus and the member centre's. */
const TREES: Record<string, { def: ResourceDef; menus: MenuCatalogue }> = {
  'auth/rule': { def: adminRule, menus: 'admin' },
  'user/rule': { def: userRule, menus: 'user' },
};

/** The tree column: it always shows, so the column chooser does not offer it. */
const TREE_COLUMN = 'title';
const MENU_TYPE_SHOWN = { menu_type: true };

type Pending = { kind: 'form'; mode: 'add' } | { kind: 'form'; mode: 'edit'; id: string } | { kind: 'delete'; ids: number[] };

function RuleScreen({ def, menus }: { def: ResourceDef; menus: MenuCatalogue }) {
  const { request, auth, lang, siteConfig, reload: reloadShell } = useAdmin();
  const { t, i18n } = useTranslation('admin-screens-auth');
  const { fieldLabel, optionLabel } = useResourceLabels(def);
  const list = useTreeList<RuleNode>(actionUrl(def, 'index'));
  const { nodes, quickSearch } = list;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  // The menu type matters in a menu tree: shown unless the admin hid it.
  const { prefs, setColumn } = useColumnPrefs(def, MENU_TYPE_SHOWN);

  // The admin's menus are built from these rules: after a change the shell fetches them again.
  async function reload(): Promise<void> {
    await list.reload();
    if (def === adminRule) await reloadShell();
  }

  // Search results are shown unfolded, or the matches inside folded branches would stay hidden.
  useEffect(() => {
    if (quickSearch) setExpanded(new Set(branchIds(nodes)));
  }, [quickSearch, nodes]);

  useEffect(() => setSelected(new Set()), [nodes]);

  // The column chooser and the columns leave out the tree column, which is always there.
  const chooserDef = useMemo<ResourceDef>(() => ({ ...def, fields: def.fields.map((f) => (f.name === TREE_COLUMN ? { ...f, list: false } : f)) }), [def]);
  const shown = visibleColumns(chooserDef, prefs);
  const ctx = { lang, cdnUrl: siteConfig.cdnUrl, optionLabel };
  const title = (node: RuleNode) => ruleTitle(node, i18n.language, t, menus);
  const columns: TreeColumn<RuleNode>[] = [
    {
      key: TREE_COLUMN,
      header: fieldLabel(TREE_COLUMN),
      cell: (node) => (
        <span className="crud-text" title={node.title}>
          {node.type !== 'button' && <MenuIcon name={node.icon} className="me-1" />}
          {title(node)}
        </span>
      ),
    },
    ...listFields(chooserDef)
      .filter((f) => shown[f.name])
      .map((f: FieldDef) => ({
        key: f.name,
        header: fieldLabel(f.name),
        // A button has no menu entry: its menu type means nothing.
        cell: (node: RuleNode) => <CellView cell={f.name === 'menu_type' && node.type === 'button' ? { kind: 'empty' } : cellOf(f, node, ctx)} />,
      })),
  ];

  // The parent is picked from the enabled folders and pages (the `select` lookup, a flattened tree); an
  // edited rule cannot move under itself or its own descendants.
  const editedId = pending?.kind === 'form' && pending.mode === 'edit' ? Number(pending.id) : null;
  const fields = useMemo(() => {
    const exclude = editedId === null ? [] : subtreeIds(nodes, editedId).map(String);
    return formFields(def).map((f): FieldDef => (f.name === 'pid' ? { ...f, type: 'remoteSelect', remote: { resource: def.name, labelField: 'title', exclude } } : f));
  }, [def, nodes, editedId]);

  async function move(id: number, targetId: number): Promise<void> {
    try {
      await request(actionUrl(def, 'sortable'), { method: 'POST', body: { id, targetId } });
    } catch {
      // Shown by the request client (e.g. equal weights); the tree is reloaded either way.
    }
    await reload();
  }

  const firstSelected = [...selected][0];

  return (
    <div data-tree-page={def.name}>
      <CrudStyles />
      {list.remark && (
        <div className="alert alert-info py-2 small" role="note" data-remark="">
          <i className="bi bi-info-circle me-2" aria-hidden="true" />
          {list.remark}
        </div>
      )}
      <CrudToolbar
        def={chooserDef}
        onRefresh={() => void list.reload()}
        onAdd={auth('add') ? () => setPending({ kind: 'form', mode: 'add' }) : undefined}
        onEdit={auth('edit') ? () => firstSelected !== undefined && setPending({ kind: 'form', mode: 'edit', id: String(firstSelected) }) : undefined}
        onDelete={auth('del') ? () => setPending({ kind: 'delete', ids: [...selected] }) : undefined}
        selectedCount={selected.size}
        quickSearch={quickSearch}
        onQuickSearch={list.setQuickSearch}
        columns={shown}
        onColumn={setColumn}
      >
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setExpanded(new Set(branchIds(nodes)))} data-toolbar="expand">
          <i className="bi bi-arrows-expand me-1" aria-hidden="true" />
          {t('tree.expandAll')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setExpanded(new Set())} data-toolbar="collapse">
          <i className="bi bi-arrows-collapse me-1" aria-hidden="true" />
          {t('tree.collapseAll')}
        </button>
      </CrudToolbar>
      {list.error && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert" data-list-error="">
          <span>{t('crud-ui:list.error', { message: list.error })}</span>
          <button type="button" className="btn btn-sm btn-outline-danger ms-auto" onClick={() => void list.reload()}>
            {t('crud-ui:list.retry')}
          </button>
        </div>
      )}
      <TreeTable
        name={def.name}
        nodes={nodes}
        columns={columns}
        expanded={expanded}
        onToggle={(id) =>
          setExpanded((old) => {
            const next = new Set(old);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            return next;
          })
        }
        labelOf={title}
        loading={list.loading}
        selected={auth('del') || auth('edit') ? selected : undefined}
        onSelect={auth('del') || auth('edit') ? setSelected : undefined}
        onMove={auth('sortable') ? (id, targetId) => void move(id, targetId) : undefined}
        actions={(node) => (
          <>
            {auth('edit') && (
              <button type="button" className="btn btn-sm btn-outline-primary" aria-label={t('tree.edit', { title: title(node) })} title={t('crud-ui:list.edit')} onClick={() => setPending({ kind: 'form', mode: 'edit', id: String(node.id) })} data-action="edit">
                <i className="bi bi-pencil" aria-hidden="true" />
              </button>
            )}
            {auth('del') && (
              <button type="button" className="btn btn-sm btn-outline-danger" aria-label={t('tree.delete', { title: title(node) })} title={t('crud-ui:list.delete')} onClick={() => setPending({ kind: 'delete', ids: [node.id] })} data-action="delete">
                <i className="bi bi-trash" aria-hidden="true" />
              </button>
            )}
          </>
        )}
      />
      {pending?.kind === 'form' && (
        <CrudForm
          def={def}
          mode={pending.mode}
          id={pending.mode === 'edit' ? pending.id : undefined}
          fields={fields}
          onClose={() => setPending(null)}
          onSaved={() => {
            setPending(null);
            void reload();
          }}
        />
      )}
      {pending?.kind === 'delete' && (
        <DeleteTreeRows
          def={def}
          ids={pending.ids}
          onCancel={() => setPending(null)}
          onDeleted={() => {
            setPending(null);
            void reload();
          }}
        />
      )}
    </div>
  );
}

/** auth/rule and user/rule: a menu rule tree with its form, sorting among siblings, and deletes child-first. */
export default function Rules({ route }: ScreenProps) {
  const { t } = useTranslation('crud-ui');
  const tree = TREES[route.component];
  if (!tree) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('unknownResource', { name: route.component })}
      </div>
    );
  }
  return <RuleScreen key={tree.def.name} def={tree.def} menus={tree.menus} />;
}
