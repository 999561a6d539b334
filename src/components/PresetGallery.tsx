// UI: the teaching presets, one click each.

import { PRESETS } from '../presets/presets';
import { openPreset } from '../presets/openPreset';

/** One-click scenarios from the papers. */
export function PresetGallery() {
  return (
    <details className="panel presets">
      <summary>Teaching presets</summary>
      <ul>
        {PRESETS.map((p) => (
          <li key={p.id}>
            <button type="button" className="link" onClick={() => void openPreset(p)} aria-label={`Open preset: ${p.title}`}>
              <span className="paper">{p.paper}</span> {p.title}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
