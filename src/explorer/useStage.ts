// UI: the stage's measurements — its height fills the screen below whatever stands above it,
// and the box its drawings get follows it.

import { useEffect, useState, type RefObject } from 'react';
import type { StageBox } from './stageLayout';

/** Space kept under the stage, so its border shows. */
const BOTTOM = 8;
/** A stage is never squeezed below this; a page with more above it scrolls instead. */
const MIN_HEIGHT = 320;

/**
 * While `on`, gives the element the height from its top (in the document) to the bottom of the
 * window. Written to the element's style, not to React state: a frame arriving does not measure.
 * It measures again when the window or the document's size changes (something above grew).
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, on: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || !on) return;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const h = `${Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BOTTOM))}px`;
      if (el.style.height !== h) el.style.height = h;
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(document.documentElement);
    // What stands above the stage changes the document's height only when nothing below makes up for it.
    for (let p = el.previousElementSibling; p; p = p.previousElementSibling) ro.observe(p);
    window.addEventListener('resize', fit);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', fit);
      el.style.height = '';
    };
  }, [ref, on]);
}

/**
 * The element's content box, as it changes (null until measured or while `on` is false);
 * `arrangement` names the layout, so that an element the ref moves to is observed in turn.
 */
export function useBoxSize(ref: RefObject<HTMLElement | null>, on: boolean, arrangement?: unknown): StageBox | null {
  const [box, setBox] = useState<StageBox | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !on) {
      setBox(null);
      return;
    }
    const ro = new ResizeObserver(([e]) => {
      const w = Math.floor(e.contentRect.width);
      const h = Math.floor(e.contentRect.height);
      setBox((b) => (b && b.w === w && b.h === h ? b : { w, h }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, on, arrangement]);
  return box;
}
