// UI: a magnified part of a large ring, around one of its hands.

import { useLatest } from '../hooks/useLatest';
import { useEffect, useRef, useState } from 'react';
import { createListCanvas, type ListCanvas } from './listCanvas';
import { touchedPages } from './decorations';
import { handLabel } from '../core/narrate';
import type { AnyEvent, Ring } from '../core/explore';
import { slotIn } from './ringGeometry';

const SPAN = 48;

/** The slots around one hand of a ring too large to label, readable at full size. */
export function RingZoom({
  policy,
  ring,
  events,
  selected,
  onSelect,
  stage,
}: {
  policy: string;
  ring: Ring;
  events: AnyEvent[];
  selected: string | null;
  onSelect(page: string | null): void;
  /** On the stage: the strip fills the caption's width, its numbers at the stage's size. */
  stage?: { width: number; labelPx: number };
}) {
  const [hand, setHand] = useState(ring.hands[0]?.name ?? '');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useRef<ListCanvas | null>(null);
  const select = useLatest(onSelect);
  const width = stage?.width ?? 720;
  const labelPx = stage?.labelPx;
  // On the stage the strip is one row of cells large enough for their numbers (so it shows fewer
  // slots), the hand's label under it, clear of the cells.
  const cell = labelPx ? Math.ceil(labelPx * 2.4) : 0;
  const span = labelPx ? Math.max(4, Math.min(SPAN, Math.floor(width / cell))) : SPAN;
  useEffect(() => {
    if (!canvasRef.current) return;
    view.current = createListCanvas(
      canvasRef.current,
      width,
      labelPx ? cell : 60,
      (p) => select.current(p),
      labelPx ? { labelPx, maxCell: cell } : {},
    );
    return () => view.current?.destroy();
  }, [select, width, labelPx, cell]);
  const n = ring.size;
  const pos = ring.hands.find((h) => h.name === hand)?.pos ?? ring.hands[0]?.pos ?? 0;
  const from = Math.max(0, Math.min(n - span, pos - span / 4));
  useEffect(() => {
    view.current?.update(
      Array.from({ length: Math.min(span, n - from) }, (_, k) => slotIn(ring, from + k)),
      {
        touched: touchedPages(
          events,
          ring.hands.map((h) => h.name),
          policy,
        ),
        selected,
        pointer: { index: pos - from, label: handLabel(hand, policy) },
        split: null,
        bounds: [],
        policy,
      },
    );
  }, [policy, ring, events, selected, from, pos, hand, n, span, width, labelPx]);
  return (
    <div className="ring-zoom">
      <label>
        Zoom around{' '}
        <select aria-label={`Zoom ${ring.name} around hand`} value={hand} onChange={(e) => setHand(e.target.value)}>
          {ring.hands.map((h) => (
            <option key={h.name} value={h.name}>
              {h.name}
            </option>
          ))}
        </select>
      </label>{' '}
      <span className="hint">
        slots {from}–{Math.min(n, from + span) - 1} of {n}
      </span>
      <canvas ref={canvasRef} role="img" aria-label={`Slots of ${ring.name} around ${hand}`} />
    </div>
  );
}
