// UI: a policy’s “how it works” text from the catalogue.

import { CATALOG, policyDoc } from '../core/catalog';
import type { ExploreFrame } from '../core/explore';

/** The rules of what is on screen, in a few plain sentences from the core's catalogue. */
export function HowItWorks({ frame }: { frame: ExploreFrame }) {
  if (frame.flash) {
    const ftl = CATALOG.ftls.find((f) => f.id === frame.flash?.ftl);
    const gc = CATALOG.cleaning.find((c) => c.id === frame.flash?.gc);
    return (
      <aside className="how" aria-label="How it works">
        <h3>How it works</h3>
        <p>
          <strong>{ftl?.name ?? frame.flash.ftl}.</strong> {ftl?.summary}
        </p>
        <p>
          <strong>{gc?.name ?? frame.flash.gc} cleaning.</strong> {gc?.summary}
        </p>
      </aside>
    );
  }
  const doc = policyDoc(frame.snapshot.policy);
  if (!doc) return null;
  return (
    <aside className="how" aria-label="How it works">
      <h3>How {doc.name} works</h3>
      <p>{doc.how}</p>
      <p className="hint">Source: {doc.source}.</p>
    </aside>
  );
}
