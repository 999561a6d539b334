// A clock ring on <canvas>: one wedge per frame coloured by status, the
// reference bit or counter as an inner band, dirty pages as an outer band, the
// hands as spokes that sweep forward to their new slots. Framework-free: created
// once on a canvas it owns, updated with each frame, destroyed.

import { EMPTY, HAND_COLOURS, HIGHLIGHT, statusColour } from './colours';
import { ringLayout, slotAngle, slotAt, slotStart, sweep, type RingLayout } from './ringGeometry';
import type { Ring } from './types';

export interface RingMarks {
  /** Pages a hand changed this step → that hand's colour. */
  touched: Map<number, string>;
  /** Slot where the victim was (the new page's slot). */
  victimSlot: number | null;
  selected: number | null;
  /** Largest value of `bits` (1 for a reference bit, 4 for TS-CLOCK counts). */
  maxBits: number;
}

export interface RingCanvas {
  update(ring: Ring, marks: RingMarks): void;
  destroy(): void;
}

const SWEEP_MS = 160;

export function handColour(i: number): string {
  return HAND_COLOURS[i % HAND_COLOURS.length];
}

export function createRingCanvas(canvas: HTMLCanvasElement, size: number, onSelect: (page: number | null) => void): RingCanvas {
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = size * dpr;
  canvas.height = size * dpr;
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  const ctx = canvas.getContext('2d');
  const layout: RingLayout = ringLayout(size, size);
  let ring: Ring | null = null;
  let marks: RingMarks = { touched: new Map(), victimSlot: null, selected: null, maxBits: 1 };
  let drawn = new Map<string, number>();
  let from = new Map<string, number>();
  let start = 0;
  let raf = 0;

  function draw(now: number): void {
    raf = 0;
    if (!ctx || !ring) return;
    const n = ring.slots.length;
    const t = (now - start) / SWEEP_MS;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, size, size);
    const { cx, cy, inner, outer } = layout;
    const bitBand = (outer - inner) * 0.3;
    const gap = n <= 256 ? Math.min(0.02, (Math.PI * 2) / n / 6) : 0;
    for (let i = 0; i < n; i++) {
      const s = ring.slots[i];
      const a0 = slotStart(i, n) + gap;
      const a1 = slotStart(i + 1, n) - gap;
      ctx.beginPath();
      ctx.arc(cx, cy, outer, a0, a1);
      ctx.arc(cx, cy, inner + bitBand, a1, a0, true);
      ctx.closePath();
      ctx.globalAlpha = s.page === null ? 1 : s.resident ? 1 : 0.45;
      ctx.fillStyle = s.page === null ? EMPTY : statusColour(s.status);
      ctx.fill();
      ctx.globalAlpha = 1;
      if (s.page !== null && s.bits > 0) {
        // Reference bit or counter: the inner band filled in proportion.
        const h = (bitBand * Math.min(s.bits, marks.maxBits)) / marks.maxBits;
        ctx.beginPath();
        ctx.arc(cx, cy, inner + h, a0, a1);
        ctx.arc(cx, cy, inner, a1, a0, true);
        ctx.closePath();
        ctx.fillStyle = '#333333';
        ctx.fill();
      }
      if (s.dirty) {
        ctx.beginPath();
        ctx.arc(cx, cy, outer + 5, a0, a1);
        ctx.arc(cx, cy, outer + 1, a1, a0, true);
        ctx.closePath();
        ctx.fillStyle = '#000000';
        ctx.fill();
      }
      const touch = s.page === null ? undefined : marks.touched.get(s.page);
      const sel = s.page !== null && s.page === marks.selected;
      if (touch || sel || i === marks.victimSlot) {
        ctx.beginPath();
        ctx.arc(cx, cy, outer, slotStart(i, n), slotStart(i + 1, n));
        ctx.arc(cx, cy, inner, slotStart(i + 1, n), slotStart(i, n), true);
        ctx.closePath();
        ctx.lineWidth = sel ? 4 : 3;
        ctx.strokeStyle = sel ? HIGHLIGHT : i === marks.victimSlot ? '#D55E00' : (touch as string);
        ctx.setLineDash(i === marks.victimSlot && !sel ? [4, 3] : []);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
    if (n <= 48) {
      ctx.font = '11px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = '#222222';
      for (let i = 0; i < n; i++) {
        const p = ring.slots[i].page;
        if (p === null) continue;
        const a = slotAngle(i, n);
        ctx.fillText(String(p), cx + (outer + 15) * Math.cos(a), cy + (outer + 15) * Math.sin(a));
      }
    }
    ring.hands.forEach((h, k) => {
      const pos = sweep(from.get(h.name) ?? h.pos, h.pos, n, t);
      drawn.set(h.name, pos);
      const a = slotAngle(pos, n);
      const len = inner - 10 - k * 14;
      ctx.beginPath();
      ctx.moveTo(cx, cy);
      ctx.lineTo(cx + len * Math.cos(a), cy + len * Math.sin(a));
      ctx.lineWidth = 3;
      ctx.strokeStyle = handColour(k);
      ctx.stroke();
      ctx.font = 'bold 12px system-ui, sans-serif';
      ctx.fillStyle = handColour(k);
      ctx.textAlign = 'center';
      ctx.fillText(h.name, cx + (len - 18) * Math.cos(a), cy + (len - 18) * Math.sin(a) - 8);
    });
    ctx.beginPath();
    ctx.arc(cx, cy, 4, 0, Math.PI * 2);
    ctx.fillStyle = '#000000';
    ctx.fill();
    if (t < 1) raf = requestAnimationFrame(draw);
  }

  const onMove = (ev: MouseEvent) => {
    if (!ring) return;
    const r = canvas.getBoundingClientRect();
    const i = slotAt(ev.clientX - r.left, ev.clientY - r.top, ring.slots.length, layout);
    const s = i === null ? null : ring.slots[i];
    canvas.title = s ? `slot ${i}: ${s.page === null ? 'empty' : `page ${s.page} · ${s.status || 'resident'} · bits ${s.bits}${s.dirty ? ' · dirty' : ''}${s.resident ? '' : ' · non-resident'}`}` : '';
  };
  const onClick = (ev: MouseEvent) => {
    if (!ring) return;
    const r = canvas.getBoundingClientRect();
    const i = slotAt(ev.clientX - r.left, ev.clientY - r.top, ring.slots.length, layout);
    onSelect(i === null ? null : ring.slots[i].page);
  };
  canvas.addEventListener('mousemove', onMove);
  canvas.addEventListener('click', onClick);

  return {
    update(next, m) {
      const sameSize = ring?.slots.length === next.slots.length;
      from = sameSize ? new Map(drawn) : new Map();
      ring = next;
      marks = m;
      start = performance.now();
      if (!raf) raf = requestAnimationFrame(draw);
    },
    destroy() {
      if (raf) cancelAnimationFrame(raf);
      canvas.removeEventListener('mousemove', onMove);
      canvas.removeEventListener('click', onClick);
    },
  };
}
