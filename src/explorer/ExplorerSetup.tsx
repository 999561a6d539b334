// UI: what the explorer steps through — a policy and its size, or a flash device.

import { useApp } from '../state/store';
import { selectOwn, selectTrace } from '../state/selectors';
import { selectSetup, selectStatus, useExplorer } from './explorerStore';
import { useShallow } from 'zustand/react/shallow';
import { CATALOG, allPolicies, limit, policyDoc } from '../core/catalog';
import { fieldsOf, splitFlashFields } from '../core/params';
import { ParamEditor } from '../components/ParamEditor';

/** What to step through on the loaded trace: a cache policy, or a flash device. */
export function ExplorerSetup() {
  const trace = useApp(selectTrace);
  // Subscribed so that a policy the user defines joins the list.
  useApp(selectOwn);
  // The set-up only: a frame arriving (many a second while playing) does not re-render the form.
  const { policy, frames, mode, flash, params } = useExplorer(useShallow(selectSetup));
  const doc = policyDoc(policy);
  const status = useExplorer(selectStatus);
  const { setPolicy, setFrames, setMode, setFlash, setParams, open } = useExplorer.getState();
  const [mainFlash, moreFlash] = splitFlashFields(fieldsOf(CATALOG.flash, flash));
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
              {CATALOG.groups.map((group) => {
                const members = allPolicies().filter((p) => p.group === group.id);
                return members.length === 0 ? null : (
                  <optgroup key={group.id} label={group.name}>
                    {members.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </optgroup>
                );
              })}
            </select>
          </label>
          <label>
            Frames{' '}
            <input
              type="number"
              min={1}
              max={limit('frames')}
              aria-label="Explorer frames"
              value={Number.isFinite(frames) ? frames : ''}
              onChange={(e) => setFrames(e.target.valueAsNumber)}
            />
          </label>
          {doc && doc.params.length > 0 && (
            <fieldset className="params">
              <legend>{doc.name} parameters</legend>
              <ParamEditor fields={fieldsOf(doc.params, params)} owner={doc.name} onChange={(k, v) => setParams({ ...params, [k]: v })} />
            </fieldset>
          )}
        </>
      ) : (
        <>
          <ParamEditor fields={mainFlash} owner="" onChange={(k, v) => setFlash({ [k]: v })} />
          <p className="hint" aria-label="Smallest device">
            {CATALOG.ftls.find((f) => f.id === flash.ftl)?.reserve}
          </p>
          <details>
            <summary>More device settings</summary>
            <ParamEditor fields={moreFlash} owner="" onChange={(k, v) => setFlash({ [k]: v })} />
          </details>
        </>
      )}
      <button type="submit" className="primary" disabled={!trace || status === 'opening'}>
        Explore
      </button>
      {!trace && <span className="hint">Generate or load a workload first.</span>}
    </form>
  );
}
