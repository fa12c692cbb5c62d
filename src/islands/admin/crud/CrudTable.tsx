import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { useAdmin } from '../context.ts';
import { menuIconClass } from '../../../shared/icons.ts';
import { LocalTextView } from '../../app/LocalTextView.tsx';
import { cellOf, renderOf, type Cell } from '../../../resources/cells.ts';
import { PublishStateCell } from './Publishing.tsx';
import { useResourceLabels } from './labels.ts';
import { isSortable, type Order, type Row } from './listModel.ts';
import { ActionsCell, ActionsHeader, DragHandleCell, DragHeader, ListTable, MoveButtons, RowCheckbox, SelectAllHeader, useRowDrag } from './tableParts.tsx';

const TONES = ['primary', 'success', 'warning', 'info', 'danger', 'secondary'];

/** Thumbnails that open their picture: each link is named by its picture's alternative text. */
function ImageLinks({ urls }: { urls: string[] }) {
  const { t } = useTranslation('crud-ui');
  return (
    <span className="d-inline-flex gap-1">
      {urls.map((url, i) => (
        <a key={url} href={url} target="_blank" rel="noopener noreferrer">
          <img className="crud-thumb" src={url} alt={t('list.openImage', { n: i + 1 })} loading="lazy" />
        </a>
      ))}
    </span>
  );
}

/** A cell's markup. */
export function CellView({ cell }: { cell: Cell }) {
  switch (cell.kind) {
    case 'empty':
      return <span className="text-body-tertiary">-</span>;
    case 'text':
      return cell.fallback ? (
        <span className="crud-text" title={cell.text}>
          <LocalTextView value={{ text: cell.text, fallback: true }} />
        </span>
      ) : (
        // Long text is cut short in the table: the whole of it shows on hover.
        <span className="crud-text" title={cell.text.length > 8 ? cell.text : undefined}>
          {cell.text}
        </span>
      );
    case 'datetime':
      // A narrow column puts the time under the date; "2026-07-21" itself never breaks at its hyphens.
      return (
        <span>
          {cell.text.split(' ').map((part, i) => (
            <span key={i}>
              {i > 0 && ' '}
              <span className="text-nowrap">{part}</span>
            </span>
          ))}
        </span>
      );
    case 'tag':
      return <span className={`badge text-bg-${TONES[cell.tone % TONES.length]}`}>{cell.text}</span>;
    case 'tags':
      return (
        <span className="d-inline-flex flex-wrap gap-1">
          {cell.items.map((item, i) => (
            <span key={`${item}-${i}`} className="badge text-bg-secondary">
              {item}
            </span>
          ))}
        </span>
      );
    case 'images':
      return <ImageLinks urls={cell.urls} />;
    case 'switch':
      return <span className={`badge ${cell.on ? 'text-bg-success' : 'text-bg-secondary'}`}>{cell.text}</span>;
    case 'url':
      return (
        <a className="crud-text" href={cell.href} target="_blank" rel="noopener noreferrer" title={cell.text}>
          {cell.text}
        </a>
      );
    case 'color':
      return (
        <span>
          <span className="crud-swatch me-1" style={{ background: cell.color }} aria-hidden="true" />
          {cell.color}
        </span>
      );
    case 'icon':
      return (
        <span>
          <i className={`${menuIconClass(cell.icon)} me-1`} aria-hidden="true" />
          <code className="small crud-text" title={cell.icon}>{cell.icon}</code>
        </span>
      );
  }
}

export interface CrudTableProps {
  def: ResourceDef;
  rows: readonly Row[];
  /** The columns shown, in order. */
  columns: readonly FieldDef[];
  loading?: boolean;
  /** The order the server applied, for the header arrows. */
  order: Order;
  onOrder?(field: string): void;
  /** Row selection (batch actions); absent: no checkboxes. */
  selected?: ReadonlySet<string>;
  onSelect?(ids: Set<string>): void;
  onEdit?(row: Row): void;
  onDelete?(row: Row): void;
  /** A read-only details view of the row. */
  onView?(row: Row): void;
  /** Drag sorting and its keyboard twin: move a row to where another one is (the server swaps weights). */
  onMove?(id: string, targetId: string): void;
  /** Buttons of a special screen, before edit and delete. */
  rowActions?(row: Row): ReactNode;
  /** Shown in the body when there are no rows. */
  emptyText?: string;
}

/** The text column that takes the room the others leave (the title or name searched by): it is cut short first. */
export function mainColumn(def: ResourceDef, columns: readonly FieldDef[]): string | undefined {
  const text = columns.filter((f) => renderOf(f) === 'text' && (f.type === 'string' || f.type === 'textarea'));
  return (text.find((f) => def.quickSearch.includes(f.name)) ?? text[0])?.name;
}

/**
 * The resource table: columns with their renders, sortable headers, selection, per-row actions in a
 * column that stays in view while the table scrolls sideways, and drag sorting by the grip (pointer events,
 * so touch works too) with move up/down buttons for the keyboard.
 */
export function CrudTable({ def, rows, columns, loading = false, order, onOrder, selected, onSelect, onEdit, onDelete, onView, onMove, rowActions, emptyText }: CrudTableProps) {
  const { lang, siteConfig } = useAdmin();
  const { t, fieldLabel, optionLabel } = useResourceLabels(def);
  const { drag, handlers: dragHandlers } = useRowDrag(String, () => true, onMove);
  const idOf = (row: Row) => String(row[def.pk]);
  const ids = rows.map(idOf);
  const selectable = !!selected && !!onSelect;
  const allSelected = selectable && ids.length > 0 && ids.every((id) => selected.has(id));
  const someSelected = selectable && ids.some((id) => selected.has(id));
  const hasActions = !!(onView || onEdit || onDelete || onMove || rowActions);
  const colCount = columns.length + (selectable ? 1 : 0) + (onMove ? 1 : 0) + (hasActions ? 1 : 0);
  const ctx = { lang, cdnUrl: siteConfig.cdnUrl, timeZone: siteConfig.timeZone, optionLabel };
  const main = mainColumn(def, columns);

  const head = (
    <>
      {selectable && (
        <SelectAllHeader
          all={allSelected}
          some={someSelected}
          onToggle={() => onSelect(allSelected ? new Set([...selected].filter((id) => !ids.includes(id))) : new Set([...selected, ...ids]))}
        />
      )}
      {onMove && <DragHeader />}
      {columns.map((field) => {
        const sortable = isSortable(field) && !!onOrder;
        const current = order.field === field.name ? order.direction : null;
        const label = fieldLabel(field.name);
        return (
          <th
            key={field.name}
            scope="col"
            style={field.list && field.list.width ? { width: field.list.width } : undefined}
            aria-sort={sortable ? (current === 'asc' ? 'ascending' : current === 'desc' ? 'descending' : 'none') : undefined}
            data-column={field.name}
          >
            {sortable ? (
              <button type="button" className="btn btn-link p-0 text-reset text-decoration-none fw-semibold" onClick={() => onOrder(field.name)} data-sort={field.name}>
                {label}
                <i className={`bi ms-1 ${current === 'asc' ? 'bi-sort-up' : current === 'desc' ? 'bi-sort-down' : 'bi-arrow-down-up text-body-tertiary'}`} aria-hidden="true" />
              </button>
            ) : (
              label
            )}
          </th>
        );
      })}
      {hasActions && <ActionsHeader />}
    </>
  );

  return (
    <ListTable table={{ className: 'table table-hover align-middle mb-0 crud-table', 'data-crud-table': def.name }} loading={loading} head={head} colCount={colCount} rowCount={rows.length} emptyText={emptyText}>
      {rows.map((row, index) => {
        const id = idOf(row);
        const classes = [drag?.from === id ? 'crud-dragging' : '', drag && drag.over === id && drag.from !== id ? 'crud-drop-target' : ''].filter(Boolean).join(' ');
        return (
          <tr key={id} data-row-id={id} className={classes || undefined}>
            {selectable && (
              <td>
                <RowCheckbox id={id} label={t('crud-ui:list.selectRow', { id })} selected={selected} onSelect={onSelect} />
              </td>
            )}
            {onMove && <DragHandleCell id={id} title={t('crud-ui:list.drag')} handlers={dragHandlers(id)} />}
            {columns.map((field) => (
              <td key={field.name} data-column={field.name} className={field.name === main ? 'crud-main' : renderOf(field) === 'datetime' ? 'crud-datetime' : undefined}>
                <PublishStateCell def={def} row={row} field={field.name}>
                  <CellView cell={cellOf(field, row, ctx)} />
                </PublishStateCell>
              </td>
            ))}
            {hasActions && (
              <ActionsCell>
                {rowActions?.(row)}
                {onMove && (
                  <MoveButtons
                    upLabel={t('crud-ui:list.moveUp', { id })}
                    downLabel={t('crud-ui:list.moveDown', { id })}
                    onUp={index === 0 ? null : () => onMove(id, ids[index - 1]!)}
                    onDown={index === rows.length - 1 ? null : () => onMove(id, ids[index + 1]!)}
                  />
                )}
                {onView && (
                  <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={t('crud-ui:list.viewRow', { id })} title={t('crud-ui:list.view')} onClick={() => onView(row)} data-action="view">
                    <i className="bi bi-eye" aria-hidden="true" />
                  </button>
                )}
                {onEdit && (
                  <button type="button" className="btn btn-sm btn-outline-primary" aria-label={t('crud-ui:list.editRow', { id })} title={t('crud-ui:list.edit')} onClick={() => onEdit(row)} data-action="edit">
                    <i className="bi bi-pencil" aria-hidden="true" />
                  </button>
                )}
                {onDelete && (
                  <button type="button" className="btn btn-sm btn-outline-danger" aria-label={t('crud-ui:list.deleteRow', { id })} title={t('crud-ui:list.delete')} onClick={() => onDelete(row)} data-action="delete">
                    <i className="bi bi-trash" aria-hidden="true" />
                  </button>
                )}
              </ActionsCell>
            )}
          </tr>
        );
      })}
    </ListTable>
  );
}
