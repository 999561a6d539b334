// UI: a clock ring on <canvas>: one wedge per frame coloured by status, the
// reference bit or counter as an inner band, dirty pages as an outer band, the
// hands as spokes that sweep forward to their new slots. Framework-free: created
// once on a canvas it owns, updated with each frame, destroyed.

import { fitCanvas, pointIn } from './canvasSize';
import { policyDoc } from '../core/catalog';
import { EMPTY, HIGHLIGHT, handColour, inkBack, inkOf, statusColour, statusShape } from './colours';
import { handLabel } from '../core/narrate';
import { mod, anchorRotation, labelRadius, labelsFit, ringLayout, slotAt, slotIn, sweepTurn, type RingLayout } from './ringGeometry';
import type { Ring } from '../core/explore';
import { buildRingMap, paintRing, rgbOf, type RingMap } from './ringPixels';

export interface RingMarks {
  /** Pages a hand changed this step → that hand's colour. */
  touched: Map<string, string>;
  /** Slot where the victim was (the new page's slot). */
  victimSlot: number | null;
  selected: string | null;
  /** Largest value of `bits` (1 for a reference bit, 4 for TS-CLOCK counts). */
  maxBits: number;
  /** Policy id: its view in the catalogue gives colours and hand names. */
  policy: string;
}

export interface RingCanvas {
  update(ring: Ring, marks: RingMarks): void;
  destroy(): void;
}

const SWEEP_MS = 160;

export interface RingOptions {
  /**
   * The stage's label size (CSS px): page numbers and hand names at this size, outside a ring
   * whose margin makes room for them; the canvas drawn at exactly `size` CSS px.
   */
  labelPx?: number;
}

export function createRingCanvas(
  canvas: HTMLCanvasElement,
  size: number,
  onSelect: (page: string | null) => void,
  opts: RingOptions = {},
): RingCanvas {
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = Math.round(size * dpr);
  canvas.height = Math.round(size * dpr);
  if (opts.labelPx) {
    canvas.style.width = `${size}px`;
    canvas.style.height = `${size}px`;
  } else fitCanvas(canvas, size, size);
  canvas.dataset.labelPx = opts.labelPx ? String(opts.labelPx) : '';
  const ctx = canvas.getContext('2d');
  // Room outside the ring for page numbers of up to four digits at the stage's size (a label
  // stands clear of the ring by its whole width at three and nine o'clock).
  const margin = opts.labelPx ? Math.round(opts.labelPx * 2.4 + 10) : 28;
  const layout: RingLayout = ringLayout(size, size, margin);
  let ring: Ring | null = null;
  let marks: RingMarks = { touched: new Map(), victimSlot: null, selected: null, maxBits: 1, policy: '' };
  /** Hands as drawn, in turns (0..1 clockwise from twelve o'clock), to sweep from. */
  const drawn = new Map<string, number>();
  let from = new Map<string, number>();
  /** Turn of the drawing in slots: slot i is drawn at position i + offset (see anchorRotation). */
  let offset = 0;
  let start = 0;
  let raf = 0;
  let map: RingMap | null = null;
  let image: ImageData | null = null;
  const px = Math.round(size * dpr);
  const pxLayout = ringLayout(px, px, margin * dpr);

  /** Slots painted as pixels (large rings). */
  function paintPixels(r: Ring): void {
    if (!ctx) return;
    const n = r.size;
    if (!map) {
      map = buildRingMap(px, pxLayout);
      image = ctx.createImageData(px, px);
    }
    // Only the listed slots: the rest of the ring is empty frames.
    const listed = r.slots.length;
    const rgb = new Uint8Array(listed * 3);
    const bits = new Float32Array(listed);
    const dirty = new Uint8Array(listed);
    r.slots.forEach((sl, i) => {
      rgb.set(sl.page === null ? rgbOf(EMPTY) : rgbOf(statusColour(sl.status, marks.policy), sl.resident ? 1 : 0.45), i * 3);
      bits[i] = sl.page === null ? 0 : Math.min(sl.bits, marks.maxBits) / marks.maxBits;
      dirty[i] = sl.dirty ? 1 : 0;
    });
    paintRing((image as ImageData).data, map, n, { rgb, bits, dirty, empty: rgbOf(EMPTY), offset });
    ctx.putImageData(image as ImageData, 0, 0);
  }

  function draw(now: number): void {
    raf = 0;
    if (!ctx || !ring) return;
    const n = ring.size;
    const t = (now - start) / SWEEP_MS;
    // Angles of slot i's edges and middle, turned by the offset.
    const slotStart = (i: number, nn: number) => -Math.PI / 2 + (mod(i + offset, nn) * 2 * Math.PI) / nn;
    const slotAngle = (i: number, nn: number) => slotStart(i, nn) + Math.PI / nn;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, size, size);
    const { cx, cy, inner, outer } = layout;
    const bitBand = (outer - inner) * 0.3;
    const gap = n <= 256 ? Math.min(0.02, (Math.PI * 2) / n / 6) : 0;
    // One path per colour, filled once: thousands of slots stay cheap to draw.
    const fills = new Map<string, Path2D>();
    const bits = new Path2D();
    const dirty = new Path2D();
    const poly = n > 180; // straight-edged wedges are indistinguishable from arcs at this size
    const wedge = (path: Path2D, r0: number, r1: number, a0: number, a1: number) => {
      if (poly) {
        path.moveTo(cx + r1 * Math.cos(a0), cy + r1 * Math.sin(a0));
        path.lineTo(cx + r1 * Math.cos(a1), cy + r1 * Math.sin(a1));
        path.lineTo(cx + r0 * Math.cos(a1), cy + r0 * Math.sin(a1));
        path.lineTo(cx + r0 * Math.cos(a0), cy + r0 * Math.sin(a0));
        path.closePath();
      } else {
        path.moveTo(cx + r1 * Math.cos(a0), cy + r1 * Math.sin(a0));
        path.arc(cx, cy, r1, a0, a1);
        path.arc(cx, cy, r0, a1, a0, true);
        path.closePath();
      }
    };
    const marked: number[] = [];
    if (poly) {
      paintPixels(ring);
      // Slots past the listed ones are empty: only the victim's may be marked there.
      for (let i = 0; i < ring.slots.length; i++) {
        const p = ring.slots[i].page;
        if ((p !== null && (marks.touched.has(p) || p === marks.selected)) || i === marks.victimSlot) marked.push(i);
      }
      if (marks.victimSlot !== null && marks.victimSlot >= ring.slots.length) marked.push(marks.victimSlot);
    }
    for (let i = 0; i < (poly ? 0 : n); i++) {
      const s = slotIn(ring, i);
      const a0 = slotStart(i, n) + gap;
      const a1 = slotStart(i, n) + (2 * Math.PI) / n - gap;
      const key = s.page === null ? `${EMPTY}|1` : `${statusColour(s.status, marks.policy)}|${s.resident ? 1 : 0.45}`;
      let path = fills.get(key);
      if (!path) fills.set(key, (path = new Path2D()));
      wedge(path, inner + bitBand, outer, a0, a1);
      if (s.page !== null && s.bits > 0) wedge(bits, inner, inner + (bitBand * Math.min(s.bits, marks.maxBits)) / marks.maxBits, a0, a1);
      if (s.dirty) wedge(dirty, outer + 1, outer + 5, a0, a1);
      if ((s.page !== null && (marks.touched.has(s.page) || s.page === marks.selected)) || i === marks.victimSlot) marked.push(i);
    }
    for (const [key, path] of fills) {
      const [colour, alpha] = key.split('|');
      ctx.globalAlpha = Number(alpha);
      ctx.fillStyle = colour;
      ctx.fill(path);
    }
    ctx.globalAlpha = 1;
    const { fg, scale } = inkOf();
    ctx.fillStyle = fg;
    ctx.globalAlpha = 0.8;
    ctx.fill(bits);
    ctx.globalAlpha = 1;
    ctx.fillStyle = fg;
    ctx.fill(dirty);
    for (const i of marked) {
      const s = slotIn(ring, i);
      const touch = s.page === null ? undefined : marks.touched.get(s.page);
      const sel = s.page !== null && s.page === marks.selected;
      const outline = new Path2D();
      wedge(outline, inner, outer, slotStart(i, n), slotStart(i, n) + (2 * Math.PI) / n);
      // On a ring of thousands a slot is under a pixel wide: thin marks, or they hide it.
      ctx.lineWidth = (sel ? 4 : 3) / (poly ? 2 : 1);
      ctx.strokeStyle = sel ? HIGHLIGHT : i === marks.victimSlot ? '#D55E00' : (touch as string);
      ctx.setLineDash(i === marks.victimSlot && !sel ? [4, 3] : []);
      ctx.stroke(outline);
      ctx.setLineDash([]);
    }
    // Page numbers beside their slots: every slot's where they fit, else (large rings) the pages
    // at the hands and the inspected page.
    const fontPx = opts.labelPx ?? Math.round(13 * scale);
    ctx.font = `${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = fg;
    let all = n <= 48;
    if (opts.labelPx) {
      let widest = 0;
      for (const s of ring.slots) if (s.page !== null) widest = Math.max(widest, ctx.measureText(s.page).width);
      all = labelsFit(n, outer + 8 + fontPx / 2, widest, fontPx);
    }
    const labelled = all ? null : new Set<number>(ring.hands.map((h) => h.pos));
    if (labelled && marks.selected !== null) ring.slots.forEach((s, i) => s.page === marks.selected && labelled.add(i));
    const mid = inner + bitBand + (outer - inner - bitBand) / 2;
    const placedLabels: number[][] = [];
    for (let i = 0; i < ring.slots.length; i++) {
      const s = ring.slots[i];
      if (s.page === null || (labelled && !labelled.has(i))) continue;
      const a = slotAngle(i, n);
      const w = opts.labelPx || labelled ? ctx.measureText(s.page).width : 0;
      const r = opts.labelPx ? labelRadius(outer, a, w, fontPx, 8) : outer + 16 * scale;
      let x = cx + r * Math.cos(a);
      let y = cy + r * Math.sin(a);
      if (labelled) {
        // The hands' pages are often neighbours: a label that would cover one already placed, or
        // leave the canvas, moves outward or along the ring to the first place that is clear.
        const rect = (px: number, py: number) => [px - w / 2 - 2, py - fontPx / 2 - 1, w + 4, fontPx + 2];
        const clear = (b: number[]) =>
          b[0] >= 0 &&
          b[1] >= 0 &&
          b[0] + b[2] <= size &&
          b[1] + b[3] <= size &&
          !placedLabels.some((q) => b[0] < q[0] + q[2] && q[0] < b[0] + b[2] && b[1] < q[1] + q[3] && q[1] < b[1] + b[3]);
        const step = (w + 8) / r;
        const tries: [number, number][] = [[r, a]];
        for (const k of [1, 2]) tries.push([r + k * fontPx * 1.1, a]);
        for (const j of [1, -1, 2, -2, 3, -3]) tries.push([labelRadius(outer, a + j * step, w, fontPx, 8), a + j * step]);
        const spot = tries.find(([rr, aa]) => clear(rect(cx + rr * Math.cos(aa), cy + rr * Math.sin(aa))));
        if (spot) {
          x = cx + spot[0] * Math.cos(spot[1]);
          y = cy + spot[0] * Math.sin(spot[1]);
        }
        const b = rect(x, y);
        placedLabels.push(b);
        // A lone label on a crowded ring gets a backing, so the slots behind it do not show through.
        ctx.fillStyle = inkBack();
        ctx.fillRect(b[0], b[1], b[2], b[3]);
      }
      ctx.fillStyle = fg;
      ctx.fillText(String(s.page), x, y);
      // Each status has a shape as well as a colour (as in the legend).
      const glyph = all && n <= 48 ? statusShape(s.status, marks.policy) : null;
      if (glyph) {
        ctx.fillStyle = '#ffffff';
        ctx.fillText(glyph, cx + mid * Math.cos(a), cy + mid * Math.sin(a));
      }
    }
    // Hand labels are placed one by one, each moved down until it clears the ones before.
    const placed: [number, number, number, number][] = [];
    if (n > 0)
      ring.hands.forEach((h, k) => {
        const target = (mod(h.pos + offset, n) + 0.5) / n;
        const was = from.get(h.name);
        const start0 = was !== undefined && Number.isFinite(was) ? was : target;
        // The end of a sweep is the target itself, so a state is drawn the same however it was reached.
        const turn = t >= 1 ? target : sweepTurn(start0, target, t);
        drawn.set(h.name, turn);
        const a = -Math.PI / 2 + turn * 2 * Math.PI;
        const len = inner - 10 - k * 14;
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(cx + len * Math.cos(a), cy + len * Math.sin(a));
        ctx.lineWidth = 3;
        ctx.strokeStyle = handColour(marks.policy, h.name, k);
        ctx.stroke();
        const handPx = opts.labelPx ?? Math.round(14 * scale);
        ctx.font = `bold ${handPx}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        const label = handLabel(h.name, marks.policy);
        const w = ctx.measureText(label).width + 6;
        const lh = opts.labelPx ? Math.round(handPx * 1.3) : 18 * scale;
        const x = cx + (len - 18) * Math.cos(a);
        let y = cy + (len - 18) * Math.sin(a) - 8;
        const hits = (yy: number) =>
          placed.some(([px, py, pw, ph]) => Math.abs(px - x) < (pw + w) / 2 && Math.abs(py - yy) < (ph + lh) / 2);
        while (hits(y)) y += lh;
        placed.push([x, y, w, lh]);
        // A backing in the page colour keeps the label legible over the ring.
        ctx.fillStyle = inkBack();
        ctx.globalAlpha = 0.85;
        ctx.fillRect(x - w / 2, y - lh / 2, w, lh);
        ctx.globalAlpha = 1;
        ctx.fillStyle = handColour(marks.policy, h.name, k);
        ctx.fillText(label, x, y);
      });
    ctx.beginPath();
    ctx.arc(cx, cy, 4, 0, Math.PI * 2);
    ctx.fillStyle = fg;
    ctx.fill();
    if (t < 1) raf = requestAnimationFrame(draw);
    // Tests (and screenshots) wait for the hands to stop.
    canvas.dataset.settled = t < 1 ? 'false' : 'true';
  }

  const onMove = (ev: MouseEvent) => {
    if (!ring) return;
    const d = slotAt(...pointIn(canvas, ev, size), ring.size, layout);
    const i = d === null ? null : mod(d - offset, ring.size);
    const s = i === null ? null : slotIn(ring, i);
    canvas.title = s
      ? `slot ${i}: ${s.page === null ? 'empty' : `page ${s.page} · ${s.status || 'resident'} · bits ${s.bits}${s.dirty ? ' · dirty' : ''}${s.resident ? '' : ' · non-resident'}`}`
      : '';
  };
  const onClick = (ev: MouseEvent) => {
    if (!ring) return;
    const d = slotAt(...pointIn(canvas, ev, size), ring.size, layout);
    onSelect(d === null ? null : slotIn(ring, mod(d - offset, ring.size)).page);
  };
  canvas.addEventListener('mousemove', onMove);
  canvas.addEventListener('click', onClick);

  return {
    update(next, m) {
      from = new Map(drawn);
      offset = policyDoc(m.policy)?.view.from_hand ? anchorRotation(next) : 0;
      ring = next;
      marks = m;
      start = performance.now();
      canvas.dataset.settled = 'false';
      if (!raf) raf = requestAnimationFrame(draw);
    },
    destroy() {
      if (raf) cancelAnimationFrame(raf);
      canvas.removeEventListener('mousemove', onMove);
      canvas.removeEventListener('click', onClick);
    },
  };
}
