import { useApp } from '../state/store';
import { selectPolicyInfo, selectTrace } from '../state/selectors';
import { selectStatus, useExplorer } from './explorerStore';

/** Which policy and cache size to step through, on the loaded trace. */
export function ExplorerSetup() {
  const policies = useApp(selectPolicyInfo);
  const trace = useApp(selectTrace);
  const policy = useExplorer((s) => s.policy);
  const frames = useExplorer((s) => s.frames);
  const status = useExplorer(selectStatus);
  const { setPolicy, setFrames, open } = useExplorer.getState();
  return (
    <form
      className="panel explorer-setup"
      aria-label="Explorer set-up"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        open();
      }}
    >
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
        <input type="number" min={1} aria-label="Explorer frames" value={Number.isFinite(frames) ? frames : ''} onChange={(e) => setFrames(e.target.valueAsNumber)} />
      </label>
      <button type="submit" className="primary" disabled={!trace || status === 'opening'}>
        Explore
      </button>
      {!trace && <span className="hint">Generate or load a workload first.</span>}
    </form>
  );
}
