// UI: the CSV mapping form, with a preview of the file’s first lines as they will be read.

import { useEffect, useMemo, useState } from 'react';
import { useApp } from '../state/store';
import { selectLoadSettings } from '../state/selectors';
import type { CsvMapping, Unit } from '../core/types';
import { splitPreview } from './csvPreview';

const UNITS: Unit[] = ['pages', 'bytes', 'sectors'];
const DELIMS: { value: string; label: string }[] = [
  { value: '', label: 'Detect' },
  { value: ',', label: 'Comma' },
  { value: '\t', label: 'Tab' },
  { value: ';', label: 'Semicolon' },
  { value: ' ', label: 'Spaces' },
];

/** Column mapping for generic CSV/TSV traces, with the file's first lines split as the loader will split them. */
export function CsvMappingForm({ file }: { file: File }) {
  const { csv } = useApp(selectLoadSettings);
  const setLoad = useApp((s) => s.setLoad);
  const set = (patch: Partial<CsvMapping>) => setLoad({ csv: { ...csv, ...patch } });
  const [head, setHead] = useState('');
  useEffect(() => {
    let live = true;
    // Reading the head for a preview is not simulation: the worker still parses the file.
    void file
      .slice(0, 8192)
      .text()
      .then((t) => live && setHead(t));
    return () => {
      live = false;
    };
  }, [file]);
  const rows = useMemo(() => splitPreview(head, csv.delimiter, 6), [head, csv.delimiter]);
  const cols = Math.max(0, ...rows.map((r) => r.length));
  // With a header line, columns are chosen by their names.
  const names = csv.header ? (rows[0] ?? []).map((n) => n.trim()) : [];
  const column = (label: string, value: number | null, onChange: (v: number | null) => void, optional: boolean) => (
    <label>
      {label}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
        {optional && <option value="">none</option>}
        {Array.from({ length: Math.max(cols, (value ?? 0) + 1) }, (_, i) => (
          <option key={i} value={i}>
            {names[i] ? `${names[i]} (column ${i + 1})` : `column ${i + 1}`}
          </option>
        ))}
      </select>
    </label>
  );
  const unitField = (label: string, value: Unit, onChange: (u: Unit) => void) => (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as Unit)}>
        {UNITS.map((u) => (
          <option key={u}>{u}</option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className="csv-mapping">
      <legend>CSV columns</legend>
      <label>
        Delimiter
        <select value={csv.delimiter ?? ''} onChange={(e) => set({ delimiter: e.target.value === '' ? null : e.target.value })}>
          {DELIMS.map((d) => (
            <option key={d.label} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
      </label>
      <label className="inline">
        <input type="checkbox" checked={csv.header} onChange={(e) => set({ header: e.target.checked })} />
        First line is a header
      </label>
      {column(csv.string_ids ? 'Key column' : 'Page or offset column', csv.id_column, (v) => set({ id_column: v ?? 0 }), false)}
      <label className="inline">
        <input
          type="checkbox"
          checked={csv.string_ids}
          // A key names an object, whose size and device are not modelled: the core refuses those columns with keys.
          onChange={(e) => set(e.target.checked ? { string_ids: true, size_column: null, namespace_column: null } : { string_ids: false })}
        />
        The id column holds strings (keys)
      </label>
      {!csv.string_ids && (
        <>
          {unitField('Offset unit', csv.unit, (unit) => set({ unit }))}
          {column('Size column', csv.size_column, (v) => set({ size_column: v }), true)}
          {csv.size_column !== null && unitField('Size unit', csv.size_unit, (size_unit) => set({ size_unit }))}
        </>
      )}
      {column('Operation column', csv.op_column, (v) => set({ op_column: v }), true)}
      {csv.op_column !== null && (
        <>
          <label>
            Read values
            <input type="text" value={csv.read_values.join(', ')} onChange={(e) => set({ read_values: listOf(e.target.value) })} />
          </label>
          <label>
            Write values
            <input type="text" value={csv.write_values.join(', ')} onChange={(e) => set({ write_values: listOf(e.target.value) })} />
          </label>
        </>
      )}
      <table className="preview" aria-label="File preview">
        <thead>
          <tr>
            {Array.from({ length: cols }, (_, i) => (
              <th key={i} scope="col" className={i === csv.id_column ? 'picked' : undefined}>
                {i + 1}
                {i === csv.id_column ? ' · id' : i === csv.op_column ? ' · op' : i === csv.size_column ? ' · size' : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className={i === 0 && csv.header ? 'header-row' : undefined}>
              {r.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}

const listOf = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
