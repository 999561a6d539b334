// UI: the explorer as a Jupyter widget (anywidget's front end, `cachescope.explore`): the app's
// own Explore view and simulation worker, bundled by `vite.widget.config.ts` into one ES module.
//
// Nothing is fetched: the worker's code and the WASM core are inside the module (the worker is
// started from a Blob URL, so the notebook's browser runs the core off its UI thread, as the app
// does). The trace arrives from Python as the plain page-list text (the model's `trace` bytes) and
// is loaded by the worker as the app loads a chosen file; the policy, frames, parameters and the
// step to open at are the model's other traits, and the position shown goes back to `position`.

import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import css from '../app.css?inline';
import { ExplorerView } from '../explorer/ExplorerView';
import { selectFrame, useExplorer } from '../explorer/explorerStore';
import { KeyScope } from '../explorer/keyScope';
import { selectTrace } from '../state/selectors';
import { useApp } from '../state/store';
import { shadowCss } from './shadowCss';

/** The part of anywidget's model this widget uses. */
interface Model {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  save_changes(): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
}

/** The trace's bytes as the kernel sent them (a DataView of the message's buffer). */
function bytesOf(value: unknown): Uint8Array<ArrayBuffer> {
  if (value instanceof DataView) return Uint8Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return new TextEncoder().encode(typeof value === 'string' ? value : '');
}

let started = false;

/** One worker per notebook page, started by the first widget (inline: see inlineWorker.ts). */
function startOnce(): void {
  if (started) return;
  started = true;
  void useApp.getState().startEngine();
}

/** Loads the model's trace into the worker, as the app loads a chosen file (plain page list). */
async function loadFrom(model: Model): Promise<void> {
  const name = String(model.get('trace_name') || 'trace');
  const file = new File([bytesOf(model.get('trace'))], name, { type: 'text/plain' });
  const app = useApp.getState();
  app.setSourceKind('file');
  app.setLoad({ format: 'plain' });
  app.setFile(file);
  app.setCollapse(model.get('collapse_repeats') === true);
  await app.loadTrace();
}

/** Opens the model's policy, frames and parameters at its step. */
function openFrom(model: Model): void {
  useExplorer.setState({
    mode: 'cache',
    policy: String(model.get('policy')),
    frames: Number(model.get('frames')),
    params: (model.get('params') as Record<string, unknown> | null) ?? {},
  });
  useExplorer.getState().openAt(Number(model.get('step')) || 0, null);
}

/** Opens the session once a trace is loaded (after ExplorerView's own effect, which closes a session on a new trace). */
function Opener({ model }: { model: Model }) {
  const trace = useApp(selectTrace);
  useEffect(() => {
    if (trace) openFrom(model);
  }, [trace, model]);
  // The position shown goes back to Python (not while playing: that would be a message a frame).
  const frame = useExplorer(selectFrame);
  const position = frame && !frame.playing ? frame.position : null;
  useEffect(() => {
    if (position === null || model.get('position') === position) return;
    model.set('position', position);
    model.save_changes();
  }, [position, model]);
  return null;
}

function render({ model, el }: { model: Model; el: HTMLElement }): () => void {
  startOnce();
  const host = document.createElement('div');
  el.appendChild(host);
  // A shadow root keeps the app's styles and the notebook's apart.
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = `${shadowCss(css)}\n.cs-widget { padding: 0.75rem 1rem; }`;
  const box = document.createElement('div');
  box.className = 'app cs-widget';
  shadow.append(style, box);
  const root = createRoot(box);
  root.render(
    <StrictMode>
      {/* The explorer's keys act when the widget has the focus, not on the notebook's own. */}
      <KeyScope.Provider value={shadow}>
        <div role="region" aria-label="cachescope explorer">
          <ExplorerView />
          <Opener model={model} />
        </div>
      </KeyScope.Provider>
    </StrictMode>,
  );
  const reload = () => void loadFrom(model);
  const seek = () => useExplorer.getState().seek(Number(model.get('step')) || 0);
  const reopen = () => void (useApp.getState().trace && openFrom(model));
  const setup = ['change:policy', 'change:frames', 'change:params'];
  model.on('change:trace', reload);
  model.on('change:step', seek);
  for (const e of setup) model.on(e, reopen);
  reload();
  return () => {
    model.off('change:trace', reload);
    model.off('change:step', seek);
    for (const e of setup) model.off(e, reopen);
    root.unmount();
    host.remove();
  };
}

export default { render };
