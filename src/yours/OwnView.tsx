// UI: the "Your policy" tab — write a policy in JavaScript (from a template), save it under a
// name, use it in the experiment, and check it against another policy. Loaded lazily: the
// editor and everything here reach the browser only when the tab is first shown.

import { CATALOG } from '../core/catalog';
import { useApp } from '../state/store';
import { selectIsBusy, selectOwn, selectOwnProblem } from '../state/selectors';
import { CodeEditor } from './CodeEditor';
import { Contract } from './Contract';
import { CheckPanel } from './CheckPanel';
import { useDraft } from './draft';
import { StatusBar } from '../components/StatusBar';
import './own.css';

export default function OwnView() {
  const { name, source, template, setName, setSource, setTemplate } = useDraft();
  const own = useApp(selectOwn);
  const problem = useApp(selectOwnProblem);
  const busy = useApp(selectIsBusy);
  const save = (use: boolean) => void useApp.getState().defineOwn([{ name: name.trim(), source }], { use });

  return (
    <section className="output own" aria-label="Your policy">
      <StatusBar />
      <h2>Your policy</h2>
      <div className="own-columns">
        <form
          className="own-editor"
          aria-label="Policy editor"
          onSubmit={(e) => {
            e.preventDefault();
            save(true);
          }}
        >
          <div className="fields">
            <label>
              Start from{' '}
              <select value={template} onChange={(e) => setTemplate(e.target.value)} aria-label="Template">
                {CATALOG.templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Policy name{' '}
              <input
                type="text"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={40}
                spellCheck={false}
                aria-describedby="own-name-hint"
              />
            </label>
            <span id="own-name-hint" className="hint">
              letters, digits, - and _; not a built-in policy&apos;s id
            </span>
          </div>
          <CodeEditor value={source} onChange={setSource} problem={problem} label="Policy source" />
          {problem && (
            <p role="alert" className="error" aria-label="Policy problem">
              {problem.message}
            </p>
          )}
          <div className="buttons">
            <button type="submit" className="primary" disabled={busy}>
              Save and use
            </button>
            <button type="button" disabled={busy} onClick={() => save(false)}>
              Save
            </button>
          </div>
        </form>
        <Contract />
      </div>
      {own.length > 0 && (
        <section aria-label="Saved policies">
          <h3>Saved</h3>
          <ul className="own-list">
            {own.map((o) => (
              <li key={o.name}>
                <strong>{o.name}</strong> <code title={`sha256:${o.sha256}`}>sha256:{o.sha256.slice(0, 12)}…</code>{' '}
                <button
                  type="button"
                  className="small"
                  onClick={() => {
                    setName(o.name);
                    setSource(o.source);
                  }}
                >
                  Edit {o.name}
                </button>{' '}
                <button type="button" className="small" onClick={() => useApp.getState().removeOwn(o.name)}>
                  Remove {o.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <CheckPanel />
    </section>
  );
}
