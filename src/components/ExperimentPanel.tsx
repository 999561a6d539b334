import { useApp } from '../state/store';
import { selectBusy, selectCanRun, selectCost, selectFlush, selectFramesText, selectPolicies, selectPolicyInfo } from '../state/selectors';
import { POLICIES, POLICY_GROUPS } from '../core/policies';
import { COST_PRESETS, SWEEP_TEXT } from '../state/experimentSlice';
import { NumberField } from './NumberField';
import { PolicyList } from './PolicyList';
import { FlashList } from './FlashList';

export function ExperimentPanel() {
  const chosen = useApp(selectPolicies);
  const framesText = useApp(selectFramesText);
  const cost = useApp(selectCost);
  const flush = useApp(selectFlush);
  const info = useApp(selectPolicyInfo);
  const canRun = useApp(selectCanRun);
  const busy = useApp(selectBusy);
  const { togglePolicy, setFramesText, setCost, setFlush, runExperiment, cancel } = useApp.getState();
  const summary = (id: string) => info.find((p) => p.id === id)?.summary;
  // Policies the core has that the UI's grouping does not list yet still get a box.
  const others = info.filter((p) => !POLICIES.some((m) => m.id === p.id)).map((p) => ({ id: p.id, label: p.name, group: 'other' }));
  const groups = [...POLICY_GROUPS, { id: 'other', label: 'Other' }];
  const preset = Object.entries(COST_PRESETS).find(([, c]) => c.read === cost.read && c.write === cost.write)?.[0] ?? 'custom';

  return (
    <fieldset className="panel">
      <legend>Experiment</legend>
      {groups.map((group) => {
        const members = [...POLICIES, ...others].filter((p) => p.group === group.id);
        if (members.length === 0) return null;
        return (
          <fieldset key={group.id} className="policy-group">
            <legend>{group.label}</legend>
            {members.map((p) => (
              <label key={p.id} title={summary(p.id)}>
                <input type="checkbox" checked={chosen.some((c) => c.id === p.id)} onChange={() => togglePolicy(p.id)} />
                {p.label}
              </label>
            ))}
          </fieldset>
        );
      })}
      <PolicyList />
      <div className="fields">
        <label>
          Cache sizes (frames)
          <input type="text" value={framesText} onChange={(e) => setFramesText(e.target.value)} placeholder="100, 1000 or 1%, 5%" />
        </label>
        <button type="button" className="small" onClick={() => setFramesText(SWEEP_TEXT)}>
          Sweep sizes 1%–100%
        </button>
        <label>
          Cost model
          <select
            value={preset}
            onChange={(e) => {
              const c = COST_PRESETS[e.target.value];
              if (c) setCost(c);
            }}
          >
            <option value="unit">Unit (read 1, write 1)</option>
            <option value="cflru">CFLRU (write = 8 × read)</option>
            <option value="slc">SLC flash (25 / 200 µs)</option>
            <option value="mlc">MLC flash (60 / 800 µs)</option>
            <option value="custom" disabled>
              Custom
            </option>
          </select>
        </label>
        <NumberField label="Read cost" value={cost.read} min={0} step={1} onChange={(read) => setCost({ read })} />
        <NumberField label="Write cost" value={cost.write} min={0} step={1} onChange={(write) => setCost({ write })} />
        <label className="inline">
          <input type="checkbox" checked={flush} onChange={(e) => setFlush(e.target.checked)} />
          Flush dirty pages at the end
        </label>
        <FlashList />
        <div className="buttons">
          <button type="button" className="primary" onClick={() => void runExperiment()} disabled={!canRun}>
            Run
          </button>
          <button type="button" onClick={cancel} disabled={busy === null}>
            Cancel
          </button>
        </div>
      </div>
    </fieldset>
  );
}
