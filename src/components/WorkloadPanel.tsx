// UI: the trace to run — a generator’s form, or a file and how it is read.

import { useApp } from '../state/store';
import { selectAwaiting, selectIsBusy, selectFile, selectGenerator, selectLoadSettings, selectSourceKind } from '../state/selectors';
import type { GeneratorForm, WorkloadKind } from '../link/types';
import { NumberField } from './NumberField';
import { CsvMappingForm } from './CsvMappingForm';
import { CATALOG } from '../core/catalog';

/** Bounds of a generator parameter, from the catalogue. */
function bounds(generator: string, key: string): { min?: number; max?: number } {
  const params = generator === 'phase' ? CATALOG.phase : CATALOG.generators.find((g) => g.id === generator)?.params;
  const p = params?.find((x) => x.key === key);
  return { min: p?.min ?? undefined, max: p?.max ?? undefined };
}

export function WorkloadPanel() {
  const sourceKind = useApp(selectSourceKind);
  const g = useApp(selectGenerator);
  const file = useApp(selectFile);
  const busy = useApp(selectIsBusy);
  const load = useApp(selectLoadSettings);
  const awaiting = useApp(selectAwaiting);
  const { setSourceKind, setGenerator, chooseFile, setLoad, loadTrace } = useApp.getState();
  const set = (patch: Partial<GeneratorForm>) => setGenerator(patch);

  return (
    <fieldset className="panel">
      <legend>Workload</legend>
      <div className="segmented" role="radiogroup" aria-label="Trace source">
        <label>
          <input type="radio" name="source" checked={sourceKind === 'generate'} onChange={() => setSourceKind('generate')} />
          Generate
        </label>
        <label>
          <input type="radio" name="source" checked={sourceKind === 'file'} onChange={() => setSourceKind('file')} />
          Upload
        </label>
      </div>
      {sourceKind === 'generate' ? (
        <div className="fields">
          <label>
            Distribution
            <select value={g.kind} onChange={(e) => set({ kind: e.target.value as WorkloadKind })}>
              {CATALOG.generators.map((k) => (
                <option key={k.id} value={k.id} title={k.summary}>
                  {k.name}
                </option>
              ))}
            </select>
          </label>
          {g.kind !== 'sequential' && (
            <NumberField label="Pages" value={g.pages} {...bounds(g.kind, 'pages')} step={1} onChange={(pages) => set({ pages })} />
          )}
          {g.kind === 'working-set' && (
            <>
              <NumberField label="Working-set size" value={g.set} {...bounds(g.kind, 'set')} step={1} onChange={(v) => set({ set: v })} />
              <NumberField
                label="Shift every (requests)"
                value={g.shiftEvery}
                {...bounds(g.kind, 'shift_every')}
                step={1000}
                onChange={(shiftEvery) => set({ shiftEvery })}
              />
            </>
          )}
          {g.kind === 'zipf' && (
            <NumberField label="Zipf α" value={g.alpha} {...bounds('zipf', 'alpha')} step={0.05} onChange={(alpha) => set({ alpha })} />
          )}
          {g.kind === 'hot-cold' && (
            <>
              <NumberField
                label="Hot access fraction"
                value={g.hotAccess}
                {...bounds('hot-cold', 'hot_access')}
                step={0.05}
                onChange={(hotAccess) => set({ hotAccess })}
              />
              <NumberField
                label="Hot page fraction"
                value={g.hotPages}
                {...bounds('hot-cold', 'hot_pages')}
                step={0.05}
                onChange={(hotPages) => set({ hotPages })}
              />
            </>
          )}
          <NumberField
            label="Length (requests)"
            value={g.length}
            {...bounds('phase', 'length')}
            step={1000}
            onChange={(length) => set({ length })}
          />
          <NumberField
            label="Write fraction"
            value={g.writeFraction}
            {...bounds('phase', 'write_fraction')}
            step={0.05}
            onChange={(writeFraction) => set({ writeFraction })}
          />
          <NumberField label="Seed" value={g.seed} {...bounds('phase', 'seed')} step={1} onChange={(seed) => set({ seed })} />
          <button type="button" onClick={() => void loadTrace()} disabled={busy}>
            Generate workload
          </button>
        </div>
      ) : (
        <div className="fields">
          {awaiting && (
            <p role="status" className="awaiting">
              This experiment was made with the file <strong>{awaiting.name}</strong> ({awaiting.size.toLocaleString('en-US')} bytes).
              Choose it below; its content is checked (SHA-256) before running.
            </p>
          )}
          <label>
            Trace file
            <input type="file" onChange={(e) => void chooseFile(e.target.files?.[0] ?? null)} />
          </label>
          <label>
            Format
            <select value={load.format ?? ''} onChange={(e) => setLoad({ format: e.target.value || null })}>
              <option value="">Detect automatically</option>
              {CATALOG.formats.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          <NumberField label="Page size (bytes)" value={load.pageSize} min={1} step={512} onChange={(pageSize) => setLoad({ pageSize })} />
          <label className="inline">
            <input type="checkbox" checked={!load.strict} onChange={(e) => setLoad({ strict: !e.target.checked })} />
            Skip malformed lines
          </label>
          {load.format === 'csv' && file && <CsvMappingForm file={file} />}
          <p className="hint">
            Plain traces: one page number per line, optionally followed by R or W. LIRS, ARC, MSR, UMass/SPC, SYSTOR, blkparse, Valgrind
            lackey, CRAW, libCacheSim and gzip/zstd files are detected; choose the format if the guess is wrong.
          </p>
          <button type="button" onClick={() => void loadTrace()} disabled={busy || file === null}>
            Load trace
          </button>
        </div>
      )}
    </fieldset>
  );
}
