// UI: the entry point — mounts the page and starts the simulation worker.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { engine } from './engine/client';
import './app.css';

declare global {
  interface Window {
    /** Test hook (e2e): makes the simulation core trap, as running out of memory does, to exercise the recovery. */
    __cachescopeTrap?: () => Promise<void>;
  }
}
window.__cachescopeTrap = () =>
  engine()
    .debugTrap()
    .done.catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
