// UI: the narration line of the current step.

import { narrate } from '../core/narrate';
import type { ExploreFrame } from '../core/explore';

/** What the last request did and why; quiet for screen readers while playing. */
export function Narration({ frame }: { frame: ExploreFrame }) {
  const req = frame.request;
  const head = req ? `Request ${frame.position} — ` : '';
  return (
    <p className="narration" aria-label="Narration" aria-live={frame.playing ? 'off' : 'polite'}>
      {head}
      {narrate(frame.events, frame.snapshot.policy)}
    </p>
  );
}
