import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsCell, ActionsHeader, DragHandleCell, DragHeader, ListTable, MoveButtons, RowCheckbox, SelectAllHeader, useRowDrag } from '../../crud/tableParts.tsx';
import { TreeStyles } from './TreeStyles.tsx';
import { areSiblings, flatten, visibleRows, type TreeItem } from './treeModel.ts';

export interface TreeColumn<T> {
  key: string;
  header: ReactNode;
  cell(node: T): ReactNode;
}

export interface TreeTableProps<T extends TreeItem> {
  /** data-tree-table, for tests and styles. */
  name: string;
  nodes: readonly T[];
  /** The columns in order; the first one carries the indentation and the fold buttons. */
  columns: readonly TreeColumn<T>[];
  expanded: ReadonlySet<number>;
  onToggle(id: number): void;
  /** A row's name in button labels ("Move News up"). */
  labelOf(node: T): string;
  loading?: boolean;
  /** Row selection (batch delete); absent: no checkboxes. */
  selected?: ReadonlySet<number>;
  onSelect?(ids: Set<number>): void;
  /** Rows that cannot be selected (e.g. the caller's own groups). */
  selectable?(node: T): boolean;
  /** Sorting among siblings: by the grip, or by the up and down buttons; the server swaps the weights. */
  onMove?(id: number, targetId: number): void;
  /** The row's own buttons, after the move buttons. */
  actions?(node: T): ReactNode;
  emptyText?: string;
}

/**
 * A tree as a table (the reference's menu rule and role group lists): children indented under their
 * parent, folded and unfolded by the button before the first cell, sorted by dragging the grip onto a
 * sibling or with the up/down buttons (rows of another parent refuse the drop).
 */
export function TreeTable<T extends TreeItem>({ name, nodes, columns, expanded, onToggle, labelOf, loading = false, selected, onSelect, selectable = () => true, onMove, actions, emptyText }: TreeTableProps<T>) {
  const { t } = useTranslation(['admin-screens-auth', 'crud-ui']);
  const { drag, handlers: dragHandlers } = useRowDrag(Number, (from, over) => areSiblings(nodes, from, over), onMove);
  const rows = visibleRows(nodes, expanded);
  const choosable = flatten(nodes).filter(selectable).map((n) => n.id);
  const canSelect = !!selected && !!onSelect;
  const allSelected = canSelect && choosable.length > 0 && choosable.every((id) => selected.has(id));
  const someSelected = canSelect && choosable.some((id) => selected.has(id));
  const hasActions = !!(onMove || actions);
  const colCount = columns.length + (canSelect ? 1 : 0) + (onMove ? 1 : 0) + (hasActions ? 1 : 0);

  function dragClass(id: number): string | undefined {
    if (!drag) return undefined;
    if (drag.from === id) return 'perm-dragging';
    if (drag.over !== id) return undefined;
    return areSiblings(nodes, drag.from, id) ? 'perm-drop-target' : 'perm-drop-refused';
  }

  const head = (
    <>
      {canSelect && <SelectAllHeader all={allSelected} some={someSelected} onToggle={() => onSelect(allSelected ? new Set() : new Set(choosable))} />}
      {onMove && <DragHeader />}
      {columns.map((column) => (
        <th key={column.key} scope="col" data-column={column.key}>
          {column.header}
        </th>
      ))}
      {hasActions && <ActionsHeader />}
    </>
  );

  return (
    <ListTable table={{ className: 'table table-hover align-middle mb-0 crud-table perm-tree-table', 'data-tree-table': name }} loading={loading} head={head} colCount={colCount} rowCount={rows.length} emptyText={emptyText} styles={<TreeStyles />}>
      {rows.map(({ node, depth, hasChildren, open, before, after }) => {
        const id = node.id;
        const label = labelOf(node);
        const [first, ...rest] = columns;
        return (
          <tr key={id} data-row-id={id} data-pid={node.pid} data-depth={depth} className={dragClass(id)}>
            {canSelect && <td>{selectable(node) && <RowCheckbox id={id} label={t('tree.select', { title: label })} selected={selected} onSelect={onSelect} />}</td>}
            {onMove && <DragHandleCell id={id} title={t('tree.drag')} handlers={dragHandlers(id)} />}
            {first && (
              <td data-column={first.key}>
                <span className="perm-tree-cell" style={{ paddingInlineStart: `${depth * 1.5}rem` }}>
                  {hasChildren ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-link text-body-secondary perm-tree-toggle"
                      aria-expanded={open}
                      aria-label={t(open ? 'tree.collapse' : 'tree.expand', { title: label })}
                      onClick={() => onToggle(id)}
                      data-toggle-row={id}
                    >
                      <i className={`bi ${open ? 'bi-chevron-down' : 'bi-chevron-right'}`} aria-hidden="true" />
                    </button>
                  ) : (
                    <span className="perm-tree-spacer" />
                  )}
                  {first.cell(node)}
                </span>
              </td>
            )}
            {rest.map((column) => (
              <td key={column.key} data-column={column.key}>
                {column.cell(node)}
              </td>
            ))}
            {hasActions && (
              <ActionsCell>
                {onMove && (
                  <MoveButtons
                    upLabel={t('tree.moveUp', { title: label })}
                    downLabel={t('tree.moveDown', { title: label })}
                    onUp={before ? () => onMove(id, before.id) : null}
                    onDown={after ? () => onMove(id, after.id) : null}
                  />
                )}
                {actions?.(node)}
              </ActionsCell>
            )}
          </tr>
        );
      })}
    </ListTable>
  );
}
