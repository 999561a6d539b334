// UI: beside Explore's narration, at the request where *Check against* found the first
// difference, what the reference did there (the narration says what the checked policy did).

import { policyLabel } from '../core/catalog';
import { useCheck } from '../state/checkStore';

export function ReferenceChoice({ policy, position }: { policy: string; position: number }) {
  const opened = useCheck((s) => s.opened);
  if (!opened || opened.policy !== policy || opened.request !== position) return null;
  return (
    <p className="reference-choice" role="note" aria-label="Reference's choice">
      {policyLabel(opened.reference)} at this request: {opened.did} (the first difference <em>Check against</em> found).
    </p>
  );
}
