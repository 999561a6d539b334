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
  /** On the stage: the ring's side, where its caption goes, and the label size. */
  stage?: { side: number; caption: 'beside' | 'below'; captionW: number; labelPx: number };
}

/** Any policy's clock: the canvas draws, the text beside it says where the hands are. */
export function RingView({ policy, ring, events, selected, onSelect, stage }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useRef<RingCanvas | null>(null);
  const select = useLatest(onSelect);
  const size = stage ? stage.side : ring.size > 400 ? 560 : 440;
  const labelPx = stage?.labelPx;

  useEffect(() => {
    if (!canvasRef.current) return;
    view.current = createRingCanvas(canvasRef.current, size, (p) => select.current(p), { labelPx });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
  }, [size, labelPx, select]);

  useEffect(() => {
    const handOrder = ring.hands.map((h) => h.name);
    view.current?.update(ring, {
      touched: touchedPages(events, handOrder, policy),
      victimSlot: victimSlot(events, ring),
      selected,
      maxBits: maxBitsOf(policy, ring),
      policy,
    });
  }, [policy, ring, events, selected, size, labelPx]);

  const label = `Ring ${ring.name}: ${ring.size} slots`;
  return (
    <figure className={stage ? `ring-view staged caption-${stage.caption}` : 'ring-view'}>
      <canvas ref={canvasRef} role="img" aria-label={label} />
      <figcaption style={stage ? (stage.caption === 'beside' ? { width: stage.captionW } : { width: stage.side }) : undefined}>
        <strong>{ring.name}</strong> · {ring.size} slots
        <ul aria-label={`Hands of ${ring.name}`} aria-live="polite" className="hands">
          {handText(ring, policy).map((t, k) => (
            <li key={ring.hands[k].name}>
              <span className="swatch" style={{ background: handColour(policy, ring.hands[k].name, k) }} /> {t}
            </li>
          ))}
        </ul>
        {ring.size > 96 && ring.hands.length > 0 && (
          <RingZoom
            policy={policy}
            ring={ring}
            events={events}
            selected={selected}
            onSelect={onSelect}
            stage={stage ? { width: stage.caption === 'beside' ? stage.captionW : stage.side, labelPx: stage.labelPx } : undefined}
          />
        )}
      </figcaption>
    </figure>
  );
}
