// Worker: the `reproduce` request — a paper's table on its own trace (generated
// from the table, or the dropped file), one cell at a time so that a Cancel is
// seen between cells; the loaded trace stays as it is.

import * as v from 'valibot';
import { reproduce_cell, reproduce_check, WasmTrace } from '../wasm-pkg/cachescope.js';
import { CATALOG } from '../core/catalog';
import { parseCore } from '../core/schemas';
import type { Reproduced, ReproduceTable } from '../protocol/messages';
import { readFile } from './read';
import { sliced } from './slices';
import type { Task } from './task';

export async function reproduce(task: Task, table: ReproduceTable, file?: File): Promise<Reproduced> {
  const json = JSON.stringify(table);
  let t: WasmTrace;
  if (table.input.kind === 'generate') {
    task.progress('load', 0, 1, `generating ${table.input.spec}`);
    t = WasmTrace.for_table(json);
  } else if (file) {
    const settings = { format: table.input.format, pageSize: 4096, strict: true, csv: CATALOG.csv };
    t = (await readFile(task, file, settings)).t;
  } else throw new Error(`${table.title} runs on ${table.input.name}: choose that file first`);
  try {
    const warnings = parseCore('trace check', v.array(v.string()), reproduce_check(t, json));
    const cols = table.columns.length;
    const values = new Float64Array(table.rows.length * cols);
    const labelOf = (i: number) => `${table.row_label} ${table.rows[Math.floor(i / cols)].x}, ${table.columns[i % cols].label}`;
    let i = 0;
    const cell = () => {
      if (i < values.length) values[i] = reproduce_cell(t, json, Math.floor(i / cols), i % cols);
      return ++i >= values.length;
    };
    if (values.length > 0) task.progress('run', 0, values.length, labelOf(0));
    await sliced(task, cell, () => task.progress('run', i, values.length, labelOf(i)));
    return { values, warnings, requests: t.len(), distinct: t.distinct() };
  } finally {
    t.free();
  }
}
