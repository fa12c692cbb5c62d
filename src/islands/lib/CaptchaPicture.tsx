import { useId, useState, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_GRID, gridCellCentre } from '../../shared/captchaGrid.ts';

/** A chosen point as a fraction of the shown picture, so marks and coordinates survive a resize between choices. */
export interface CaptchaPoint {
  fx: number;
  fy: number;
}

interface Cell {
  column: number;
  row: number;
}

export interface CaptchaPictureProps {
  /** The image (a data URL), or null before the first one arrives. */
  src: string | null;
  width: number;
  height: number;
  /** The points chosen so far, in order. */
  points: CaptchaPoint[];
  /** Whether a point may be chosen now. */
  active: boolean;
  /** Shown faded (a new image is on its way). */
  dimmed: boolean;
  /** Id of the prompt naming what to choose, read out with the grid. */
  promptId: string;
  /** The grid, which the dialog focuses when it opens. */
  gridRef: Ref<HTMLDivElement>;
  onPoint(point: CaptchaPoint, shownWidth: number, shownHeight: number): void;
}

const { columns: COLUMNS, rows: ROWS } = CAPTCHA_GRID;
/** The middle of the grid: no cell is more than seven key presses away. */
const START: Cell = { column: Math.floor((COLUMNS - 1) / 2), row: Math.floor(ROWS / 2) };

const clamp = (n: number, max: number) => Math.min(max, Math.max(0, n));

const MOVES: Record<string, (cell: Cell) => Cell> = {
  ArrowLeft: ({ column, row }) => ({ column: clamp(column - 1, COLUMNS - 1), row }),
  ArrowRight: ({ column, row }) => ({ column: clamp(column + 1, COLUMNS - 1), row }),
  ArrowUp: ({ column, row }) => ({ column, row: clamp(row - 1, ROWS - 1) }),
  ArrowDown: ({ column, row }) => ({ column, row: clamp(row + 1, ROWS - 1) }),
  Home: ({ row }) => ({ column: 0, row }),
  End: ({ row }) => ({ column: COLUMNS - 1, row }),
};

/** The cell a point lies in. */
function cellOf({ fx, fy }: CaptchaPoint): Cell {
  return { column: clamp(Math.floor(fx * COLUMNS), COLUMNS - 1), row: clamp(Math.floor(fy * ROWS), ROWS - 1) };
}

/**
 * The captcha picture and the points chosen on it, numbered. A point is chosen by a click or tap, or from the
 * keyboard: the picture is a grid (ARIA `grid`, one focus stop), the arrow keys, Home and End move a marked
 * cell, and Enter or Space chooses the cell's centre, exactly as a click there would.
 */
export function CaptchaPicture({ src, width, height, points, active, dimmed, promptId, gridRef, onPoint }: CaptchaPictureProps) {
  const { t } = useTranslation('captcha');
  const id = useId();
  const [cell, setCell] = useState<Cell>(START);
  // The marked cell shows only while the keyboard is in use: a mouse or a finger has no need of it.
  const [keyboard, setKeyboard] = useState(false);
  const cellId = (c: Cell) => `${id}-${c.row}-${c.column}`;

  const choose = (point: CaptchaPoint, grid: HTMLElement) => {
    const rect = grid.getBoundingClientRect();
    onPoint(point, Math.round(rect.width), Math.round(rect.height));
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!active) return;
    const rect = event.currentTarget.getBoundingClientRect();
    choose({ fx: clamp((event.clientX - rect.left) / rect.width, 1), fy: clamp((event.clientY - rect.top) / rect.height, 1) }, event.currentTarget);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      setKeyboard(true);
      setCell(move(cell));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setKeyboard(true);
      if (active) choose(gridCellCentre(cell.column, cell.row), event.currentTarget);
    }
  };

  const chosen = new Map<string, number>();
  points.forEach((point, i) => chosen.set(cellId(cellOf(point)), i + 1));
  const cellLabel = (c: Cell) => {
    const order = chosen.get(cellId(c));
    const place = { row: c.row + 1, column: c.column + 1 };
    return order ? t('grid.cellChosen', { ...place, order }) : t('grid.cell', place);
  };

  return (
    <>
      <div className="position-relative overflow-hidden rounded bg-body-secondary" style={{ aspectRatio: `${width} / ${height}` }}>
        {src && (
          <img
            src={src}
            width={width}
            height={height}
            alt={t('imageAlt')}
            draggable={false}
            className="d-block w-100 h-auto user-select-none"
            style={{ opacity: dimmed ? 0.4 : 1 }}
          />
        )}
        <div
          ref={gridRef}
          role="grid"
          tabIndex={0}
          aria-label={t('grid.label')}
          aria-describedby={`${promptId} ${id}-hint`}
          aria-activedescendant={src ? cellId(cell) : undefined}
          aria-disabled={!active || undefined}
          onClick={onClick}
          onKeyDown={onKeyDown}
          onFocus={(event) => setKeyboard(event.currentTarget.matches(':focus-visible'))}
          onBlur={() => setKeyboard(false)}
          onMouseDown={() => setKeyboard(false)}
          className="position-absolute top-0 start-0 w-100 h-100 user-select-none"
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${COLUMNS}, 1fr)`,
            gridTemplateRows: `repeat(${ROWS}, 1fr)`,
            cursor: active ? 'crosshair' : 'default',
            touchAction: 'manipulation',
            outline: 'none',
          }}
        >
          {Array.from({ length: ROWS }, (_, row) => (
            <div key={row} role="row" style={{ display: 'contents' }}>
              {Array.from({ length: COLUMNS }, (_, column) => (
                <div key={column} id={cellId({ column, row })} role="gridcell" aria-label={cellLabel({ column, row })} aria-selected={chosen.has(cellId({ column, row }))} />
              ))}
            </div>
          ))}
        </div>
        {keyboard && src && (
          <span
            aria-hidden="true"
            className="position-absolute border border-2 border-primary rounded-1"
            style={{
              left: `${(cell.column * 100) / COLUMNS}%`,
              top: `${(cell.row * 100) / ROWS}%`,
              width: `${100 / COLUMNS}%`,
              height: `${100 / ROWS}%`,
              boxShadow: '0 0 0 2px rgba(255, 255, 255, 0.9)',
              pointerEvents: 'none',
            }}
          >
            <span className="position-absolute top-50 start-50 translate-middle rounded-circle bg-primary" style={{ width: 6, height: 6 }} />
          </span>
        )}
        {points.map((point, i) => (
          <span
            key={i}
            aria-hidden="true"
            className="position-absolute badge rounded-pill text-bg-primary border border-2 border-white shadow-sm"
            style={{ left: `${point.fx * 100}%`, top: `${point.fy * 100}%`, transform: 'translate(-50%, -50%)', pointerEvents: 'none' }}
          >
            {i + 1}
          </span>
        ))}
      </div>
      <p id={`${id}-hint`} className={keyboard ? 'small text-body-secondary mt-1 mb-0' : 'visually-hidden'}>
        {t('grid.hint')}
      </p>
    </>
  );
}
