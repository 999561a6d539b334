// UI: the experiment’s settings in the sidebar — policies, sizes, cost model, run options.

import { useApp } from '../state/store';
import {
  selectIsBusy,
  selectCanRun,
  selectCollapse,
  selectCost,
  selectFlush,
  selectFramesText,
  selectOwn,
  selectPolicies,
} from '../state/selectors';
import { CATALOG, allPolicies } from '../core/catalog';
import { NumberField } from './NumberField';
import { PolicyList } from './PolicyList';
import { FlashList } from './FlashList';
import { WarmupFields } from './WarmupFields';

export function ExperimentPanel() {
  const chosen = useApp(selectPolicies);
  const framesText = useApp(selectFramesText);
  const cost = useApp(selectCost);
  const flush = useApp(selectFlush);
  const collapse = useApp(selectCollapse);
  const canRun = useApp(selectCanRun);
  const busy = useApp(selectIsBusy);
  // The user's policies join the list once defined (group "Your policies").
  const own = useApp(selectOwn);
  const policies = allPolicies();
  const { togglePolicy, setFramesText, setCost, setFlush, setCollapse, runExperiment, cancel } = useApp.getState();
  const preset = CATALOG.cost_presets.find((p) => p.cost.read === cost.read && p.cost.write === cost.write)?.id ?? 'custom';

  return (
    <fieldset className="panel">
      <legend>Experiment</legend>
      {CATALOG.groups
        .filter((group) => group.id !== 'yours' || own.length > 0)
        .map((group) => (
          <fieldset key={group.id} className="policy-group">
            <legend>{group.name}</legend>
            {policies
              .filter((p) => p.group === group.id)
              .map((p) => (
                <label key={p.id} title={p.summary}>
                  <input type="checkbox" checked={chosen.some((c) => c.id === p.id)} onChange={() => togglePolicy(p.id)} />
                  {p.name}
                </label>
              ))}
          </fieldset>
        ))}
      <PolicyList />
      <div className="fields">
        <label>
          Cache sizes (frames)
          <input type="text" value={framesText} onChange={(e) => setFramesText(e.target.value)} placeholder="100, 1000 or 1%, 5%" />
        </label>
        <button type="button" className="small" onClick={() => setFramesText(CATALOG.experiment.sweep)}>
          Sweep sizes 1%–100%
        </button>
        <label>
          Cost model
          <select
            value={preset}
            onChange={(e) => {
              const c = CATALOG.cost_presets.find((p) => p.id === e.target.value);
              if (c) setCost(c.cost);
            }}
          >
            {CATALOG.cost_presets.map((p) => (
              <option key={p.id} value={p.id} title={p.source}>
                {p.name}
              </option>
            ))}
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
        <label
          className="inline"
          title="As the LIRS and CLOCK-Pro authors' simulators count their traces: a request for the page just requested is a hit that changes nothing but the dirty bit."
        >
          <input type="checkbox" checked={collapse} onChange={(e) => setCollapse(e.target.checked)} />
          Collapse immediate repeats
        </label>
        <WarmupFields />
        <FlashList />
        <div className="buttons">
          <button type="button" className="primary" onClick={() => void runExperiment()} disabled={!canRun}>
            Run
          </button>
          <button type="button" onClick={cancel} disabled={!busy}>
            Cancel
          </button>
        </div>
      </div>
    </fieldset>
  );
}
