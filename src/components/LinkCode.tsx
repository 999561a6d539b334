// UI: a page opened from a link that carries code says so, and shows that code beside the results.

import { useApp } from '../state/store';
import { selectOwn, selectOwnFromLink } from '../state/selectors';

export function LinkCode() {
  const names = useApp(selectOwnFromLink);
  const own = useApp(selectOwn).filter((o) => names.includes(o.name));
  if (own.length === 0) return null;
  return (
    <aside className="link-code" aria-label="Code from the link">
      <p role="note">
        This page was opened from a link that carries code: {own.map((o) => o.name).join(', ')}. It runs in the simulation worker&apos;s
        sandbox (QuickJS), without access to the page, the network or storage.
      </p>
      {own.map((o) => (
        <details key={o.name} open={own.length === 1}>
          <summary>
            Code of {o.name} <code>sha256:{o.sha256.slice(0, 12)}…</code>
          </summary>
          <pre aria-label={`Code of ${o.name}`}>
            <code>{o.source}</code>
          </pre>
        </details>
      ))}
    </aside>
  );
}
