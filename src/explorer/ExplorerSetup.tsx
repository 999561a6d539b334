import { useApp } from '../state/store';
import { selectPolicyInfo, selectTrace } from '../state/selectors';
import { FTLS, GCS, selectStatus, useExplorer } from './explorerStore';
import type { FlashSetup } from './types';
import { ParamsEditor } from './ParamsEditor';

/** What to step through on the loaded trace: a cache policy, or a flash device. */
export function ExplorerSetup() {
  const policies = useApp(selectPolicyInfo);
  const trace = useApp(selectTrace);
  const { policy, frames, mode, flash, params } = useExplorer();
  const info = policies.find((p) => p.id === policy);
  const status = useExplorer(selectStatus);
  const { setPolicy, setFrames, setMode, setFlash, setParams, open } = useExplorer.getState();
  const num = (label: string, key: keyof Pick<FlashSetup, 'blocks' | 'pages_per_block' | 'regions'>) => (
    <label>
      {label}{' '}
      <input
        type="number"
        min={1}
        aria-label={label}
        value={Number.isFinite(flash[key]) ? flash[key] : ''}
        onChange={(e) => setFlash({ [key]: e.target.valueAsNumber })}
      />
    </label>
  );
  return (
    <form
      className="panel explorer-setup"
      aria-label="Explorer set-up"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        open(info);
      }}
    >
      <div className="segmented" role="radiogroup" aria-label="Explore">
        <label>
          <input type="radio" name="explore-mode" checked={mode === 'cache'} onChange={() => setMode('cache')} /> Cache policy
        </label>
        <label>
          <input type="radio" name="explore-mode" checked={mode === 'flash'} onChange={() => setMode('flash')} /> Flash device
        </label>
      </div>
      {mode === 'cache' ? (
        <>
          <label>
            Policy{' '}
            <select aria-label="Explorer policy" value={policy} onChange={(e) => setPolicy(e.target.value)}>
              {policies.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Frames{' '}
            <input
              type="number"
              min={1}
              aria-label="Explorer frames"
              value={Number.isFinite(frames) ? frames : ''}
              onChange={(e) => setFrames(e.target.valueAsNumber)}
            />
          </label>
          <ParamsEditor info={info} params={params} onChange={setParams} />
        </>
      ) : (
        <>
          <label>
            FTL{' '}
            <select aria-label="FTL" value={flash.ftl} onChange={(e) => setFlash({ ftl: e.target.value })}>
              {FTLS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Cleaning{' '}
            <select aria-label="Cleaning policy" value={flash.gc} onChange={(e) => setFlash({ gc: e.target.value })}>
              {GCS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
          {num('Blocks', 'blocks')}
          {num('Pages per block', 'pages_per_block')}
          {num('DAC regions', 'regions')}
        </>
      )}
      <button type="submit" className="primary" disabled={!trace || status === 'opening'}>
        Explore
      </button>
      {!trace && <span className="hint">Generate or load a workload first.</span>}
    </form>
  );
}
