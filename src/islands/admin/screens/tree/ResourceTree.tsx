import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { actionUrl } from '../../../../resources/naming.ts';
import { formFields } from '../../../../resources/schema.ts';
import { offers, type FieldDef, type ResourceDef } from '../../../../resources/types.ts';
import { useAdmin } from '../../context.ts';
import { CrudStyles } from '../../crud/CrudStyles.tsx';
import { CellView, CrudForm, CrudToolbar, ListError, ListRemark, cellOf, listFields, useColumnPrefs, useResourceLabels, visibleColumns, type Cell } from '../../crud/index.ts';
import { DeleteTreeRows } from './DeleteTreeRows.tsx';
import { FoldButtons, useFolding } from './Folding.tsx';
import { branchIds, subtreeIds, type TreeItem } from './treeModel.ts';
import { TreeRowButtons } from './TreeRowButtons.tsx';
import { TreeTable, type TreeColumn } from './TreeTable.tsx';
import { useTreeList } from './useTreeList.ts';

/** A node of a resource tree: its columns, nested by `pid`. */
export type ResourceNode = TreeItem & Record<string, unknown>;

export interface ResourceTreeProps<T extends ResourceNode> {
  def: ResourceDef;
  /** The column carrying the tree: always shown (the column chooser leaves it out) and the parent's label. */
  treeColumn: string;
  /** A node's name in the page language, for the tree cell and the button labels. */
  titleOf(node: T): string;
  /** The tree cell's content; default the title. */
  renderTitle?(node: T): ReactNode;
  /** A cell that differs from the generic one (null: the generic one). */
  cellFor?(field: FieldDef, node: T): Cell | null;
  /** Columns shown until the admin chooses otherwise. */
  columnDefaults?: Record<string, boolean>;
  /** 'all': every branch unfolded after each load (small trees); 'search': only search results unfolded. */
  unfold: 'all' | 'search';
  /** Runs after each write, once the tree is reloaded (e.g. the shell's menus are built from the rows). */
  onWritten?(): Promise<void>;
}

type Pending = { kind: 'form'; mode: 'add' } | { kind: 'form'; mode: 'edit'; id: string } | { kind: 'delete'; ids: number[] };

/**
 * A tree resource's screen (menu rules, departments): the toolbar with search and column chooser, the
 * tree table with folding and sorting among siblings, the add/edit form whose parent is picked from the
 * tree (never the node itself or below it), and the child-first delete.
 */
export function ResourceTree<T extends ResourceNode>({ def, treeColumn, titleOf, renderTitle, cellFor, columnDefaults, unfold, onWritten }: ResourceTreeProps<T>) {
  const { request, auth, lang, siteConfig } = useAdmin();
  const { fieldLabel, optionLabel } = useResourceLabels(def);
  const list = useTreeList<T>(actionUrl(def, 'index'));
  const { nodes, quickSearch } = list;
  const { expanded, setExpanded, toggle } = useFolding();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const { prefs, setColumn } = useColumnPrefs(def, columnDefaults);

  async function reload(): Promise<void> {
    await list.reload();
    await onWritten?.();
  }

  // Search results are shown unfolded, or the matches inside folded branches would stay hidden.
  useEffect(() => {
    if (unfold === 'all' || quickSearch) setExpanded(new Set(branchIds(nodes)));
  }, [unfold, quickSearch, nodes]);

  useEffect(() => setSelected(new Set()), [nodes]);

  const chooserDef = useMemo<ResourceDef>(() => ({ ...def, fields: def.fields.map((f) => (f.name === treeColumn ? { ...f, list: false } : f)) }), [def, treeColumn]);
  const shown = visibleColumns(chooserDef, prefs);
  const ctx = { lang, cdnUrl: siteConfig.cdnUrl, timeZone: siteConfig.timeZone, optionLabel };
  const columns: TreeColumn<T>[] = [
    { key: treeColumn, header: fieldLabel(treeColumn), cell: (node) => renderTitle?.(node) ?? <span className="crud-text">{titleOf(node)}</span> },
    ...listFields(chooserDef)
      .filter((f) => shown[f.name])
      .map((f: FieldDef) => ({ key: f.name, header: fieldLabel(f.name), cell: (node: T) => <CellView cell={cellFor?.(f, node) ?? cellOf(f, node, ctx)} /> })),
  ];

  const editedId = pending?.kind === 'form' && pending.mode === 'edit' ? Number(pending.id) : null;
  const fields = useMemo(() => {
    const exclude = editedId === null ? [] : subtreeIds(nodes, editedId).map(String);
    return formFields(def).map((f): FieldDef => (f.name === 'pid' ? { ...f, type: 'remoteSelect', remote: { resource: def.name, labelField: treeColumn, exclude } } : f));
  }, [def, treeColumn, nodes, editedId]);

  async function move(id: number, targetId: number): Promise<void> {
    try {
      await request(actionUrl(def, 'sortable'), { method: 'POST', body: { id, targetId } });
    } catch {
      // Shown by the request client (e.g. equal weights); the tree is reloaded either way.
    }
    await reload();
  }

  const can = (action: string) => offers(def, action) && auth(action);
  const canSelect = can('del') || can('edit');
  const firstSelected = [...selected][0];
  const closeAndReload = () => {
    setPending(null);
    void reload();
  };

  return (
    <div data-tree-page={def.name}>
      <CrudStyles />
      {list.remark && <ListRemark text={list.remark} />}
      <CrudToolbar
        def={chooserDef}
        onRefresh={() => void list.reload()}
        onAdd={can('add') ? () => setPending({ kind: 'form', mode: 'add' }) : undefined}
        onEdit={can('edit') ? () => firstSelected !== undefined && setPending({ kind: 'form', mode: 'edit', id: String(firstSelected) }) : undefined}
        onDelete={can('del') ? () => setPending({ kind: 'delete', ids: [...selected] }) : undefined}
        selectedCount={selected.size}
        quickSearch={quickSearch}
        onQuickSearch={list.setQuickSearch}
        columns={shown}
        onColumn={setColumn}
      >
        <FoldButtons nodes={nodes} onChange={setExpanded} />
      </CrudToolbar>
      {list.error && <ListError message={list.error} onRetry={() => void list.reload()} />}
      <TreeTable
        name={def.name}
        nodes={nodes}
        columns={columns}
        expanded={expanded}
        onToggle={toggle}
        labelOf={titleOf}
        loading={list.loading}
        selected={canSelect ? selected : undefined}
        onSelect={canSelect ? setSelected : undefined}
        onMove={can('sortable') ? (id, targetId) => void move(id, targetId) : undefined}
        actions={(node) => (
          <TreeRowButtons
            title={titleOf(node)}
            onEdit={can('edit') && (() => setPending({ kind: 'form', mode: 'edit', id: String(node.id) }))}
            onDelete={can('del') && (() => setPending({ kind: 'delete', ids: [node.id] }))}
          />
        )}
      />
      {pending?.kind === 'form' && (
        <CrudForm def={def} mode={pending.mode} id={pending.mode === 'edit' ? pending.id : undefined} fields={fields} onClose={() => setPending(null)} onSaved={closeAndReload} />
      )}
      {pending?.kind === 'delete' && <DeleteTreeRows def={def} ids={pending.ids} onCancel={() => setPending(null)} onDeleted={closeAndReload} />}
    </div>
  );
}
