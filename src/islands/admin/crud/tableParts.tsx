import { useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudStyles } from './CrudStyles.tsx';

// What the resource table and the tree table share: the table in its frame (the empty row, the overlay shown
// while a page reloads), selection, drag sorting by a grip with its keyboard twin (move up/down), the actions
// column, the alert when a list fails, and the screen's remark.

/** The row being dragged and the row under the pointer. */
export interface RowDrag<Id> {
  from: Id;
  over: Id | null;
}

/**
 * Drag sorting by a row's grip, with pointer events so touch works too. `parseId` reads a row's
 * `data-row-id`; a drop moves the row only where `accepts` says it may go.
 */
export function useRowDrag<Id extends string | number>(parseId: (raw: string) => Id, accepts: (from: Id, over: Id) => boolean, onMove: ((from: Id, over: Id) => void) | undefined) {
  const [drag, setDrag] = useState<RowDrag<Id> | null>(null);
  const dragRef = useRef(drag);
  dragRef.current = drag;

  function rowUnder(event: PointerEvent): Id | null {
    const el = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('tr[data-row-id]');
    return el?.dataset.rowId === undefined ? null : parseId(el.dataset.rowId);
  }

  const handlers = (id: Id) => ({
    onPointerDown(event: PointerEvent<HTMLButtonElement>) {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      setDrag({ from: id, over: id });
    },
    onPointerMove(event: PointerEvent<HTMLButtonElement>) {
      if (!dragRef.current) return;
      const over = rowUnder(event);
      if (over !== dragRef.current.over) setDrag({ from: dragRef.current.from, over });
    },
    onPointerUp(event: PointerEvent<HTMLButtonElement>) {
      const current = dragRef.current;
      setDrag(null);
      if (!current) return;
      const over = rowUnder(event) ?? current.over;
      if (over !== null && over !== current.from && accepts(current.from, over)) onMove?.(current.from, over);
    },
    onPointerCancel() {
      setDrag(null);
    },
  });

  return { drag, handlers };
}

/** The header cell that selects every selectable row, or none; "some" shows as indeterminate. */
export function SelectAllHeader({ all, some, onToggle }: { all: boolean; some: boolean; onToggle(): void }) {
  const { t } = useTranslation('crud-ui');
  return (
    <th scope="col" style={{ width: '2.5rem' }}>
      <input
        type="checkbox"
        className="form-check-input"
        aria-label={t('list.selectAll')}
        checked={all}
        ref={(el) => {
          if (el) el.indeterminate = some && !all;
        }}
        onChange={onToggle}
        data-select-all=""
      />
    </th>
  );
}

/** The header of the grip column, named for screen readers only. */
export function DragHeader() {
  const { t } = useTranslation('crud-ui');
  return (
    <th scope="col" style={{ width: '2.5rem' }}>
      <span className="visually-hidden">{t('list.dragColumn')}</span>
    </th>
  );
}

/** A row's selection checkbox. */
export function RowCheckbox<Id extends string | number>({ id, label, selected, onSelect }: { id: Id; label: string; selected: ReadonlySet<Id>; onSelect(ids: Set<Id>): void }) {
  return (
    <input
      type="checkbox"
      className="form-check-input"
      aria-label={label}
      checked={selected.has(id)}
      onChange={(e) => {
        const next = new Set(selected);
        if (e.target.checked) next.add(id);
        else next.delete(id);
        onSelect(next);
      }}
      data-select-row={id}
    />
  );
}

/** A row's grip: hidden from the keyboard and screen readers, whose way is the move buttons. */
export function DragHandleCell({ id, title, handlers }: { id: string | number; title: string; handlers: ReturnType<ReturnType<typeof useRowDrag>['handlers']> }) {
  return (
    <td>
      <button type="button" className="btn btn-sm btn-link text-body-secondary crud-drag-handle" tabIndex={-1} aria-hidden="true" title={title} data-drag={id} {...handlers}>
        <i className="bi bi-grip-vertical" />
      </button>
    </td>
  );
}

/** Move up and move down: the keyboard's way to sort. Touch screens drag by the grip; the buttons would crowd a phone. */
export function MoveButtons({ upLabel, downLabel, onUp, onDown }: { upLabel: string; downLabel: string; onUp: (() => void) | null; onDown: (() => void) | null }) {
  return (
    <span className="d-none d-md-inline-flex gap-1">
      <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={upLabel} title={upLabel} disabled={!onUp} onClick={() => onUp?.()} data-action="up">
        <i className="bi bi-arrow-up" aria-hidden="true" />
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={downLabel} title={downLabel} disabled={!onDown} onClick={() => onDown?.()} data-action="down">
        <i className="bi bi-arrow-down" aria-hidden="true" />
      </button>
    </span>
  );
}

/** The header of the row buttons' column. */
export function ActionsHeader() {
  const { t } = useTranslation('crud-ui');
  return (
    <th scope="col" className="crud-actions text-end">
      {t('list.actions')}
    </th>
  );
}

/** A row's buttons, in the last column. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className="crud-actions text-end">
      <div className="d-inline-flex gap-1">{children}</div>
    </td>
  );
}

/** Shown over the rows while a page of them reloads. */
function ReloadOverlay() {
  const { t } = useTranslation('crud-ui');
  return (
    <div className="position-absolute top-0 start-0 w-100 h-100 d-flex align-items-center justify-content-center bg-body bg-opacity-50" role="status">
      <span className="spinner-border" aria-hidden="true" />
      <span className="visually-hidden">{t('list.loading')}</span>
    </div>
  );
}

/** The one row of an empty table: a spinner while the first page loads, else what there is none of. */
function EmptyRow({ colSpan, loading, emptyText }: { colSpan: number; loading: boolean; emptyText?: string | undefined }) {
  const { t } = useTranslation('crud-ui');
  return (
    <tr>
      <td colSpan={colSpan} className="text-center text-body-secondary py-4" data-empty="">
        {loading ? (
          <span role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('list.loading')}
          </span>
        ) : (
          (emptyText ?? t('list.empty'))
        )}
      </td>
    </tr>
  );
}

interface ListTableProps {
  /** The table element's classes and the data attribute that names it. */
  table: { className: string } & Record<`data-${string}`, string>;
  loading: boolean;
  /** The header row's cells, and how many columns they make (the width of the row saying there are none). */
  head: ReactNode;
  colCount: number;
  rowCount: number;
  emptyText?: string | undefined;
  /** Style rules the table needs besides the shared ones. */
  styles?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/**
 * A list's table in its scrolling box: busy while it loads, one row saying so (or that there is nothing) when
 * it has none, and an overlay dimming the rows already shown while they reload.
 */
export function ListTable({ table, loading, head, colCount, rowCount, emptyText, styles, children }: ListTableProps) {
  return (
    <div className="table-responsive position-relative" aria-busy={loading || undefined}>
      <CrudStyles />
      {styles}
      <table {...table}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>
          {rowCount === 0 && <EmptyRow colSpan={colCount} loading={loading} emptyText={emptyText} />}
          {children}
        </tbody>
      </table>
      {loading && rowCount > 0 && <ReloadOverlay />}
    </div>
  );
}

/**
 * A list that failed to load: the server's reason and a retry, above the rows still shown. The alert leaves
 * once the list loads, so the retry hands the focus to its screen's refresh button, which does the same and stays.
 */
export function ListError({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation('crud-ui');
  const retry = (e: MouseEvent<HTMLButtonElement>) => {
    e.currentTarget.closest('[data-list-error]')?.parentElement?.querySelector<HTMLElement>('[data-toolbar="refresh"]')?.focus();
    onRetry();
  };
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert" data-list-error="">
      <span>{t('list.error', { message })}</span>
      <button type="button" className="btn btn-sm btn-outline-danger ms-auto" onClick={retry}>
        {t('list.retry')}
      </button>
    </div>
  );
}

/** The remark of a screen's menu rule, above its list. */
export function ListRemark({ text }: { text: string }) {
  return (
    <div className="alert alert-info py-2 small" role="note" data-remark="">
      <i className="bi bi-info-circle me-2" aria-hidden="true" />
      {text}
    </div>
  );
}
