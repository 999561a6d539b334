// UI: what the explorer steps through — a policy and its size, or a flash device.

import { useState } from 'react';
import { useApp } from '../state/store';
import { selectEmbed, selectOwn, selectPresenting, selectTrace } from '../state/selectors';
import { selectSetup, selectStatus, useExplorer } from './explorerStore';
import { useShallow } from 'zustand/react/shallow';
import { CATALOG, allPolicies, limit, policyDoc } from '../core/catalog';
import { fieldsOf, splitFlashFields } from '../core/params';
import { ParamEditor } from '../components/ParamEditor';

/**
 * What to step through. Presenting, it folds into one line that says what is explored and opens
 * to the whole form; embedded, it is not shown (the link chose).
 */
export function ExplorerSetup() {
  const presenting = useApp(selectPresenting);
  const embed = useApp(selectEmbed);
  const [open, setOpen] = useState(false);
  const { policy, frames, mode, flash } = useExplorer(useShallow(selectSetup));
  if (embed) return null;
  if (!presenting) return <SetupForm />;
  const what =
    mode === 'cache'
      ? `${policyDoc(policy)?.name ?? policy} · ${Number.isFinite(frames) ? frames : '?'} frames`
      : `flash device · ${String(flash.ftl)} FTL · ${String(flash.blocks)} blocks × ${String(flash.pages_per_block)} pages`;
  return (
    <details className="setup-fold" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary aria-label="Explorer set-up (folded)">
        Exploring <strong>{what}</strong> <span className="hint">change…</span>
      </summary>
      <SetupForm onOpened={() => setOpen(false)} />
    </details>
  );
}

/** The whole form: mode, policy and size with its parameters, or the device. */
function SetupForm({ onOpened }: { onOpened?: () => void }) {
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
        onOpened?.();
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
