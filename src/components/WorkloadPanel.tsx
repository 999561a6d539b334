import { useApp } from '../state/store';
import {
  selectAwaiting,
  selectBusy,
  selectFile,
  selectFormats,
  selectGenerator,
  selectLoadSettings,
  selectSourceKind,
} from '../state/selectors';
import type { GeneratorForm, WorkloadKind } from '../state/workloadSlice';
import { NumberField } from './NumberField';
import { CsvMappingForm } from './CsvMappingForm';

const KINDS: { id: WorkloadKind; label: string }[] = [
  { id: 'zipf', label: 'Zipf' },
  { id: 'uniform', label: 'Uniform' },
  { id: 'loop', label: 'Loop' },
  { id: 'hot-cold', label: 'Hot/cold' },
  { id: 'working-set', label: 'Working set (shifting)' },
  { id: 'sequential', label: 'Sequential scan' },
];

export function WorkloadPanel() {
  const sourceKind = useApp(selectSourceKind);
  const g = useApp(selectGenerator);
  const file = useApp(selectFile);
  const busy = useApp(selectBusy);
  const load = useApp(selectLoadSettings);
  const formats = useApp(selectFormats);
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
              {KINDS.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.label}
                </option>
              ))}
            </select>
          </label>
          {g.kind !== 'sequential' && <NumberField label="Pages" value={g.pages} min={1} step={1} onChange={(pages) => set({ pages })} />}
          {g.kind === 'working-set' && (
            <>
              <NumberField label="Working-set size" value={g.set} min={1} step={1} onChange={(v) => set({ set: v })} />
              <NumberField
                label="Shift every (requests)"
                value={g.shiftEvery}
                min={1}
                step={1000}
                onChange={(shiftEvery) => set({ shiftEvery })}
              />
            </>
          )}
          {g.kind === 'zipf' && <NumberField label="Zipf α" value={g.alpha} min={0} step={0.05} onChange={(alpha) => set({ alpha })} />}
          {g.kind === 'hot-cold' && (
            <>
              <NumberField
                label="Hot access fraction"
                value={g.hotAccess}
                min={0}
                max={1}
                step={0.05}
                onChange={(hotAccess) => set({ hotAccess })}
              />
              <NumberField
                label="Hot page fraction"
                value={g.hotPages}
                min={0.01}
                max={0.99}
                step={0.05}
                onChange={(hotPages) => set({ hotPages })}
              />
            </>
          )}
          <NumberField label="Length (requests)" value={g.length} min={1} step={1000} onChange={(length) => set({ length })} />
          <NumberField
            label="Write fraction"
            value={g.writeFraction}
            min={0}
            max={1}
            step={0.05}
            onChange={(writeFraction) => set({ writeFraction })}
          />
          <NumberField label="Seed" value={g.seed} min={0} step={1} onChange={(seed) => set({ seed })} />
          <button type="button" onClick={() => void loadTrace()} disabled={busy !== null}>
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
              {formats.map((f) => (
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
          <button type="button" onClick={() => void loadTrace()} disabled={busy !== null || file === null}>
            Load trace
          </button>
        </div>
      )}
    </fieldset>
  );
}
