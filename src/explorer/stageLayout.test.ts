// Both threads (pure): the stage's arithmetic — drawings share the box and stay inside it.
import { describe, expect, it } from 'vitest';
import { CAPTION_BELOW, GAP, listCaption, listHeights, stageLabelPx, stageLayout } from './stageLayout';

describe('stageLayout', () => {
  it('gives labels of 24 px on a 1280 × 720 projector and more on a larger screen', () => {
    expect(stageLabelPx(1280, 720)).toBe(24);
    expect(stageLabelPx(1920, 1080)).toBeGreaterThan(24);
  });

  it('makes a lone ring as tall as the box, its caption beside it', () => {
    const l = stageLayout({ w: 800, h: 500 }, 1, [], 24);
    expect(l.ringSide).toBe(500);
    expect(l.caption).toBe('beside');
    expect(l.ringSide + l.captionW + GAP).toBeLessThanOrEqual(800);
  });

  it('puts several rings side by side, within the width and, with their captions, the height', () => {
    const box = { w: 1240, h: 320 };
    const l = stageLayout(box, 3, [11, 5, 7], 24);
    expect(l.caption).toBe('below');
    expect(3 * l.ringSide + 2 * GAP + l.listsW + GAP).toBeLessThanOrEqual(box.w);
    expect(l.ringSide + CAPTION_BELOW).toBeLessThanOrEqual(box.h);
    // The lists get what the height-bound rings leave: room for one row of label-sized cells each.
    expect(l.listsW).toBeGreaterThanOrEqual(11 * 48);
    expect(3 * (l.listH + listCaption(24)) + 2 * GAP).toBeLessThanOrEqual(box.h);
  });

  it('moves a lone ring caption below it when lists share the width and that leaves the ring larger', () => {
    const l = stageLayout({ w: 800, h: 500 }, 1, [9], 24);
    expect(l.caption).toBe('below');
    expect(l.ringSide).toBeGreaterThan(400);
  });

  it('puts short lists alone side by side (ARC), long ones across the width, within the box', () => {
    const arc = stageLayout({ w: 800, h: 480 }, 0, [4, 12, 12, 0], 24);
    expect(arc.listCols).toBeGreaterThan(1);
    expect(arc.listCols * arc.listsW + (arc.listCols - 1) * GAP).toBeLessThanOrEqual(800);
    const rows = Math.ceil(4 / arc.listCols);
    expect(rows * (arc.listH + listCaption(24)) + (rows - 1) * GAP).toBeLessThanOrEqual(480);
    const lirs = stageLayout({ w: 800, h: 480 }, 0, [87, 2], 24);
    expect(lirs.listCols).toBe(1);
    expect(lirs.listsW).toBe(800);
  });

  it('gives a long list the height a short one does not need, within the column', () => {
    const [s, q] = listHeights([87, 2], 800, 200, 72, 24);
    expect(s + q).toBeLessThanOrEqual(400);
    // The short list keeps a row of label-sized cells; the long one takes the rest.
    expect(q).toBeGreaterThanOrEqual(48);
    expect(q).toBeLessThan(72);
    expect(s).toBeGreaterThan(300);
    const even = listHeights([10, 10], 800, 200, 72, 24);
    expect(even[0]).toBe(even[1]);
    // An empty list keeps a row, so its caption and place stay.
    const [empty] = listHeights([0, 40], 800, 100, 72, 24);
    expect(empty).toBeGreaterThanOrEqual(48);
    expect(empty).toBeLessThan(72);
  });
});
