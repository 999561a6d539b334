// UI: the flash configurations the after-cache stream runs on, each with its editor.

import { useApp } from '../state/store';
import { selectFlash, selectPolicies } from '../state/selectors';
import { flashLabel } from '../state/runSlice';
import { CATALOG } from '../core/catalog';
import { useEffect, useState } from 'react';
import { engine } from '../engine/client';
import { fieldsOf, splitFlashFields } from '../core/params';
import { ParamEditor } from './ParamEditor';

/** Flash configurations the cache's after-stream (miss reads, write-backs) runs on. */
export function FlashList() {
  const flash = useApp(selectFlash);
  const policies = useApp(selectPolicies);
  const { addFlash, removeFlash, setFlashField } = useApp.getState();
  const mismatches = useBlockMismatches(policies, flash);
  return (
    <fieldset className="policy-group flash-list">
      <legend>Flash behind the cache</legend>
      {flash.map((f, i) => {
        const name = `Flash ${i + 1}`;
        const [main, more] = splitFlashFields(fieldsOf(CATALOG.flash, f));
        const change = (k: string, v: number | boolean | string) => setFlashField(i, k, v);
        return (
          <div key={i} className="flash-config" role="group" aria-label={name}>
            <div className="policy-head">
              <strong>
                {name}: {flashLabel(f, i, flash)}
              </strong>
              <button type="button" className="small" aria-label={`Remove ${name}`} onClick={() => removeFlash(i)}>
                ✕
              </button>
            </div>
            <ParamEditor fields={main} owner={name} onChange={change} />
            <details>
              <summary>More device settings</summary>
              <ParamEditor fields={more} owner={name} onChange={change} />
            </details>
          </div>
        );
      })}
      {mismatches.length > 0 && (
        <div className="hint" role="note" aria-label="Block sizes">
          {mismatches.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      <button type="button" className="small" onClick={addFlash}>
        + flash configuration
      </button>
    </fieldset>
  );
}

/** The core's sentences for the block-aware policies whose block size differs from a device's (asked of the worker). */
function useBlockMismatches(policies: { id: string; params: Record<string, unknown> }[], flash: Record<string, unknown>[]) {
  const [sentences, setSentences] = useState<string[]>([]);
  const key = JSON.stringify([policies.map((p) => ({ id: p.id, params: p.params })), flash]);
  useEffect(() => {
    let live = true;
    const [ps, fs] = JSON.parse(key) as [typeof policies, typeof flash];
    engine()
      .blockMismatches(ps, fs)
      .done.then((s) => live && setSentences(s))
      .catch(() => live && setSentences([]));
    return () => {
      live = false;
    };
  }, [key]);
  return flash.length === 0 ? [] : sentences;
}
