/**
 * The keyboard grid over the click captcha: the image divided into COLUMNS x ROWS cells, and a keyboard user
 * "clicks" the centre of the cell chosen with the arrow keys. The server places every glyph over the centre
 * of a cell, so each one can be chosen that way; a cell's centre is a click like any other, so the grid
 * helps no bot more than clicking does.
 */
export const CAPTCHA_GRID = { columns: 10, rows: 5 } as const;

/** Centre of a cell (0-based column and row), as a fraction of the image's width and height. */
export function gridCellCentre(column: number, row: number): { fx: number; fy: number } {
  return { fx: (column + 0.5) / CAPTCHA_GRID.columns, fy: (row + 0.5) / CAPTCHA_GRID.rows };
}
