// UI: the share link of the current experiment, and copying it.

import { useState } from 'react';
import { useApp } from '../state/store';
import { selectAwaiting, selectHasResults, selectRunSerial, selectUpload, selectView } from '../state/selectors';
import { shareLink } from '../state/url';

/** The link that reopens this experiment; it is the address of the last run. */
export function SharePanel() {
  // Recomputed when a run starts or the view changes: the link describes the last run.
  useApp(selectRunSerial);
  useApp(selectView);
  useApp(selectUpload);
  useApp(selectAwaiting);
  // Whether there are results, not which: the link is made again only when a run starts.
  const shown = useApp(selectHasResults);
  const [copied, setCopied] = useState<string | null>(null);
  if (!shown) return null;
  const link = shareLink(useApp.getState()) ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied.');
    } catch {
      setCopied('Copying is blocked here: select the link and copy it.');
    }
  };
  return (
    <section aria-label="Share" className="share">
      <label>
        Share link
        <input type="text" readOnly value={link} onFocus={(e) => e.target.select()} />
      </label>
      <button type="button" onClick={() => void copy()} disabled={!link}>
        Copy link
      </button>
      <span className="hint">
        {link ? `${link.length.toLocaleString('en-US')} characters` : 'The link is ready once the uploaded file has been read.'}
      </span>
      {copied && <span aria-live="polite">{copied}</span>}
    </section>
  );
}
