// UI: the exercise a lecturer's link opened: what to do, the name field, Submit, and once
// submitted the score, the worked answer (the core's reasons, or each trace's verdict with its
// first difference) and the score's export as CSV and JSON.

import { useState } from 'react';
import { policyLabel } from '../core/catalog';
import type { CheckReport, Difference } from '../core/generated/core';
import { download } from '../components/download';
import { useApp } from '../state/store';
import { selectOwn } from '../state/selectors';
import { selectFrame, selectQuiz, selectTable, useExplorer, type QuizAnswer } from './explorerStore';
import { scoreCsv, scoreJson, useExercise, type Exercise } from './exerciseStore';
import { feedbackText } from './QuizPanel';

const params = (p: Record<string, unknown>) =>
  Object.keys(p).length
    ? ` with ${Object.entries(p)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(', ')}`
    : '';

function Export({ e, log, report }: { e: Exercise; log: QuizAnswer[]; report: CheckReport | null }) {
  const name = useExercise((s) => s.name);
  const marked = useExercise((s) => s.marked);
  const save = async (kind: 'csv' | 'json') => {
    const text = kind === 'csv' ? await scoreCsv(e, name, log, report, marked) : await scoreJson(e, name, log, report, marked);
    download(`exercise-score.${kind}`, text, kind === 'csv' ? 'text/csv' : 'application/json');
  };
  return (
    <div className="chart-head">
      <button type="button" className="small" onClick={() => void save('csv')}>
        Download score (CSV)
      </button>
      <button type="button" className="small" onClick={() => void save('json')}>
        Download score (JSON)
      </button>
      <span className="hint">With the exercise link, your name and a SHA-256 of the answers: a receipt, not a proof.</span>
    </div>
  );
}

function did(hit: boolean, victim: string | null): string {
  return hit ? 'hit' : victim === null ? 'miss, evicted nothing' : `miss, evicted page ${victim}`;
}

/** "request 5 (page 4), 3 frames: yours miss, evicted page 1; CLOCK miss, evicted page 2". */
function firstDifference(d: Difference, reference: string): string {
  const at = `request ${d.request.toLocaleString('en-US')} (page ${d.page}), ${d.frames} frames`;
  return `${at}: yours ${did(d.hit, d.victim)}; ${policyLabel(reference)} ${did(d.reference_hit, d.reference_victim)}`;
}

function VictimsExercise({ e }: { e: Exercise }) {
  const frame = useExplorer(selectFrame);
  const quiz = useExplorer(selectQuiz);
  const submitted = useExercise((s) => s.submitted);
  const atEnd = frame !== null && frame.position >= frame.total;
  const log = [...quiz.log].sort((a, b) => a.position - b.position);
  return (
    <>
      <p>
        Predict every page {policyLabel(e.policy)}
        {params(e.params)} evicts with {e.frames} frames, from request {e.start + 1} to the end: step with <em>Next request</em> and choose
        the victim before each eviction is shown.
      </p>
      {!submitted && (
        <p>
          {log.length} answered{frame ? `, at request ${frame.position} of ${frame.total}` : ''}.{' '}
          <button type="button" className="primary" disabled={!atEnd} onClick={() => useExercise.getState().submitVictims()}>
            Submit answers
          </button>
          {!atEnd && <span className="hint"> (once you reach the last request)</span>}
        </p>
      )}
      {submitted && (
        <>
          <p role="status" aria-label="Exercise score">
            Score: {quiz.right} of {log.length} right.
          </p>
          <table className="results" aria-label="Worked answer">
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Your answer</th>
                <th scope="col">What happened</th>
              </tr>
            </thead>
            <tbody>
              {log.map((a) => (
                <tr key={a.position}>
                  <td>
                    {a.position + 1}
                    {a.page !== null ? ` (page ${a.page})` : ''}
                  </td>
                  <td>page {a.answer}</td>
                  <td>{feedbackText(a)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Export e={e} log={log} report={null} />
        </>
      )}
    </>
  );
}

function TableExercise({ e }: { e: Exercise }) {
  const table = useExplorer(selectTable);
  const { submitted, marked } = useExercise();
  const last = Math.min(e.start + e.requests, table?.requests.length ?? e.start + e.requests);
  return (
    <>
      <p>
        Fill in the frame table for requests {e.start + 1}–{last} under {policyLabel(e.policy)}
        {params(e.params)} with {e.frames} frames: the page in each frame after each request (leave an empty frame blank).
      </p>
      {!table && <p className="hint">The frame table is drawn for short runs of small caches only.</p>}
      {!submitted && table && (
        <button type="button" className="primary" onClick={() => useExercise.getState().submitTable(table)}>
          Submit table
        </button>
      )}
      {submitted && (
        <>
          <p role="status" aria-label="Exercise score">
            Score: {marked.filter((c) => c.right).length} of {marked.length} cells right.
          </p>
          <p className="hint">The worked answer is in the frame table: each wrong cell shows the run&apos;s page and yours.</p>
          <Export e={e} log={[]} report={null} />
        </>
      )}
    </>
  );
}

function PolicyExercise({ e }: { e: Exercise }) {
  const own = useApp(selectOwn);
  const { submitted, checking, report, error } = useExercise();
  const [picked, setPicked] = useState<string | null>(null);
  const mine = own.some((o) => o.name === picked) ? picked : (own[0]?.name ?? null);
  const passed = report ? report.traces.filter((t) => t.difference === null).length : 0;
  return (
    <>
      <p>
        Implement {policyLabel(e.policy)}
        {params(e.params)} in <em>Your policy</em>. Submitting checks your code against it with {e.frames} frames on the link&apos;s trace
        and the core&apos;s generated traces; each trace passes or fails.
      </p>
      <div className="fields">
        {own.length === 0 ? (
          <span className="hint">Save a policy in the Your policy tab first.</span>
        ) : (
          <label>
            Your policy{' '}
            <select aria-label="Policy to submit" value={mine ?? ''} onChange={(ev) => setPicked(ev.target.value)}>
              {own.map((o) => (
                <option key={o.name} value={o.name}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="primary"
          disabled={!mine || checking}
          onClick={() => mine && void useExercise.getState().submitPolicy(mine)}
        >
          {submitted ? 'Submit again' : 'Submit policy'}
        </button>
      </div>
      {checking && <p role="status">Checking…</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {submitted && report && (
        <>
          <p role="status" aria-label="Exercise score">
            {passed === report.traces.length ? 'Passed' : 'Failed'}: {passed} of {report.traces.length} traces decide as{' '}
            {policyLabel(e.policy)}
            {params(e.params)}.
          </p>
          <table className="results" aria-label="Verdict per trace">
            <thead>
              <tr>
                <th scope="col">Trace</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {report.traces.map((t) => (
                <tr key={t.trace}>
                  <td>{t.trace === 'current' ? "the link's trace" : t.trace}</td>
                  <td>{t.difference === null ? 'passes' : `fails at ${firstDifference(t.difference, e.policy)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Export e={e} log={[]} report={report} />
        </>
      )}
    </>
  );
}

/** The exercise a link opened, above every tab; nothing when there is none. */
export function ExercisePanel() {
  const e = useExercise((s) => s.exercise);
  const submitted = useExercise((s) => s.submitted);
  const name = useExercise((s) => s.name);
  if (!e) return null;
  return (
    <section className="panel exercise" aria-label="Exercise">
      <h3>Exercise</h3>
      <label>
        Your name{' '}
        <input type="text" value={name} aria-label="Your name" onChange={(ev) => useExercise.getState().setName(ev.target.value)} />
      </label>
      {e.kind === 'victims' ? <VictimsExercise e={e} /> : e.kind === 'table' ? <TableExercise e={e} /> : <PolicyExercise e={e} />}
      {!submitted && (
        <p className="hint">Until you submit, the hit and miss counts, the frame table ahead, the Compare tab and far jumps are hidden.</p>
      )}
    </section>
  );
}
