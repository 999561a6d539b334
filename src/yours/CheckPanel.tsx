// UI: *Check against* — one of the user's policies against a reference, the first request
// where they decide differently, and a button that opens Explore there.

import { useState } from 'react';
import { allPolicies, policyLabel } from '../core/catalog';
import { useApp } from '../state/store';
import { selectIsBusy, selectOwn } from '../state/selectors';
import { did, useCheck } from '../state/checkStore';
import type { Difference } from '../core/generated/core';

function DifferenceView({ policy, reference, d }: { policy: string; reference: string; d: Difference }) {
  const open = useCheck((s) => s.openDifference);
  const trace = d.trace === 'current' ? 'the loaded trace' : `a generated trace (${d.trace})`;
  return (
    <div role="status" aria-label="Check result">
      <p>
        {policyLabel(policy)} first decides differently from {policyLabel(reference)} at request {d.request.toLocaleString('en-US')} (page{' '}
        {d.page}), {d.frames} frames, on {trace}:
      </p>
      <ul>
        <li>
          {policyLabel(policy)}: {did(d.hit, d.victim)}
        </li>
        <li>
          {policyLabel(reference)}: {did(d.reference_hit, d.reference_victim)}
        </li>
      </ul>
      <button type="button" onClick={() => void open()}>
        Open in Explore at request {d.request.toLocaleString('en-US')}
      </button>
      {d.trace !== 'current' && <span className="hint"> (loads that generated trace)</span>}
    </div>
  );
}

export function CheckPanel() {
  const own = useApp(selectOwn);
  const busy = useApp(selectIsBusy);
  const { reference, status, report, error, progress, setReference, run, cancel } = useCheck();
  const [picked, setPicked] = useState<string | null>(null);
  const policy = own.some((o) => o.name === picked) ? picked! : (own[0]?.name ?? null);
  if (!policy) return null;
  const references = allPolicies().filter((p) => p.id !== policy);
  return (
    <section className="panel check" aria-label="Check against">
      <h3>Check against</h3>
      <p className="hint">
        Runs your policy and a reference side by side on the loaded trace at the experiment&apos;s sizes, then on generated traces, and
        shows the first request where their decisions differ.
      </p>
      <div className="fields">
        <label>
          Policy{' '}
          <select value={policy} onChange={(e) => setPicked(e.target.value)} aria-label="Policy to check">
            {own.map((o) => (
              <option key={o.name} value={o.name}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Reference{' '}
          <select value={reference} onChange={(e) => setReference(e.target.value)} aria-label="Reference policy">
            {references.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={busy || status === 'running'} onClick={() => void run(policy)}>
          Check against {policyLabel(reference)}
        </button>
      </div>
      {status === 'running' && (
        <p role="status" aria-label="Check progress">
          {progress ?? 'Checking…'}{' '}
          <button type="button" onClick={cancel}>
            Cancel check
          </button>
        </p>
      )}
      {status === 'cancelled' && <p role="status">Check cancelled.</p>}
      {status === 'failed' && error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {status === 'done' && report && report.difference && (
        <DifferenceView policy={report.policy} reference={report.reference} d={report.difference} />
      )}
      {status === 'done' && report && !report.difference && (
        <p role="status" aria-label="Check result">
          {policyLabel(report.policy)} decides as {policyLabel(report.reference)} on every request: {report.cases} cases (the trace and
          generated ones), {report.requests.toLocaleString('en-US')} requests.
        </p>
      )}
    </section>
  );
}
