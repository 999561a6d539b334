// UI: a policy’s ring drawn as a clock (ringCanvas.ts).

import { useLatest } from '../hooks/useLatest';
import { useEffect, useRef } from 'react';
import { createRingCanvas, type RingCanvas } from './ringCanvas';
import { handColour } from './colours';
import { handText, maxBitsOf, touchedPages, victimSlot } from './decorations';
import type { Ring, AnyEvent } from '../core/explore';
import { RingZoom } from './RingZoom';

interface Props {
  policy: string;
  ring: Ring;
  events: AnyEvent[];
  selected: string | null;
  onSelect(page: string | null): void;
}

/** Any policy's clock: the canvas draws, the text beside it says where the hands are. */
export function RingView({ policy, ring, events, selected, onSelect }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useRef<RingCanvas | null>(null);
  const select = useLatest(onSelect);
  const size = ring.size > 400 ? 560 : 440;

  useEffect(() => {
    if (!canvasRef.current) return;
    view.current = createRingCanvas(canvasRef.current, size, (p) => select.current(p));
    return () => {
      view.current?.destroy();
      view.current = null;
    };
  }, [size, select]);

  useEffect(() => {
    const handOrder = ring.hands.map((h) => h.name);
    view.current?.update(ring, {
      touched: touchedPages(events, handOrder, policy),
      victimSlot: victimSlot(events, ring),
      selected,
      maxBits: maxBitsOf(policy, ring),
      policy,
    });
  }, [policy, ring, events, selected]);

  const label = `Ring ${ring.name}: ${ring.size} slots`;
  return (
    <figure className="ring-view">
      <canvas ref={canvasRef} role="img" aria-label={label} />
      <figcaption>
        <strong>{ring.name}</strong> · {ring.size} slots
        <ul aria-label={`Hands of ${ring.name}`} aria-live="polite" className="hands">
          {handText(ring, policy).map((t, k) => (
            <li key={ring.hands[k].name}>
              <span className="swatch" style={{ background: handColour(policy, ring.hands[k].name, k) }} /> {t}
            </li>
          ))}
        </ul>
        {ring.size > 96 && ring.hands.length > 0 && (
          <RingZoom policy={policy} ring={ring} events={events} selected={selected} onSelect={onSelect} />
        )}
      </figcaption>
    </figure>
  );
}
