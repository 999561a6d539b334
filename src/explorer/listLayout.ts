// UI: lays a list (head first) out as rows of cells, left to right, that fit a
// box; when the entries outnumber the cells that fit, each cell stands for a
// run of `per` consecutive entries (drawn with the status most of them have).

export interface ListLayout {
  cell: number;
  perRow: number;
  rows: number;
  /** Entries per cell (1 when each entry has its own). */
  per: number;
  cells: number;
  height: number;
}

export function listLayout(n: number, width: number, maxHeight: number, maxCell = 30, minCell = 6): ListLayout {
  if (n === 0) return { cell: maxCell, perRow: Math.max(1, Math.floor(width / maxCell)), rows: 0, per: 1, cells: 0, height: 0 };
  // The largest cell at which every entry gets its own; else the smallest, aggregated.
  let cell = Math.max(minCell, Math.min(maxCell, Math.floor(Math.sqrt((width * maxHeight) / n))));
  while (cell > minCell && Math.floor(width / cell) * Math.floor(maxHeight / cell) < n) cell--;
  const perRow = Math.max(1, Math.floor(width / cell));
  const maxRows = Math.max(1, Math.floor(maxHeight / cell));
  const per = Math.max(1, Math.ceil(n / (perRow * maxRows)));
  const cells = Math.ceil(n / per);
  const rows = Math.ceil(cells / perRow);
  return { cell, perRow, rows, per, cells, height: rows * cell };
}

/** Top-left corner of cell c. */
export function cellAt(c: number, l: ListLayout): [number, number] {
  return [(c % l.perRow) * l.cell, Math.floor(c / l.perRow) * l.cell];
}

/** The cell under (x, y), or null. */
export function cellFromPoint(x: number, y: number, l: ListLayout): number | null {
  const col = Math.floor(x / l.cell);
  const row = Math.floor(y / l.cell);
  if (x < 0 || y < 0 || col >= l.perRow || row >= l.rows) return null;
  const c = row * l.perRow + col;
  return c < l.cells ? c : null;
}
