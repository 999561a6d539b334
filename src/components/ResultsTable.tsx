// UI: the results table, virtualised past VIRTUAL_FROM rows.

import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useApp } from '../state/store';
import { selectCost, selectResults } from '../state/selectors';
import { isLatencyModel } from '../state/experimentSlice';
import type { RunResultView } from '../state/runSlice';
import { fmtInt } from './format';
import { NO_CACHE } from '../core/catalog';
import { colourOf } from '../core/palette';
import { BestTracker, COLUMNS, FLASH_COLUMNS, hasFlash, isBestIn, type BestValues, type FlashCol } from './resultColumns';
import { ResultsExport } from './ResultsExport';
import { runWindowOf, warmupSentence } from './warmupNote';

/** Up to this many rows the table is drawn whole; beyond, only the rows in view (and a few around them). */
export const VIRTUAL_FROM = 100;
/** Rows drawn beyond each edge of the view, so a scroll shows drawn rows before the next render. */
const OVERSCAN = 10;
const NO_COLUMNS: FlashCol[] = [];
/** A row's height before one has been measured (px). */
const ROW_GUESS = 31;

/** The rows to draw: all of them, or those in the scrolled view. */
export function windowOf(
  rows: number,
  view: { top: number; height: number },
  rowHeight: number,
  overscan = OVERSCAN,
): { first: number; last: number } {
  if (rows <= VIRTUAL_FROM) return { first: 0, last: rows };
  const first = Math.max(0, Math.min(rows, Math.floor(view.top / rowHeight) - overscan));
  const last = Math.max(first, Math.min(rows, Math.ceil((view.top + view.height) / rowHeight) + overscan));
  return { first, last };
}

/** Which of a row's columns hold their size's best value, one bit each (COLUMNS, then the flash columns). */
function starsOf(best: BestValues, r: RunResultView, flash: FlashCol[]): number {
  let mask = 0;
  [...COLUMNS, ...flash].forEach((c, i) => {
    if (isBestIn(best, r, c)) mask |= 1 << i;
  });
  return mask;
}

// A row drawn again only when its result or its stars change, not whenever another row arrives.
const Row = memo(function Row({ r, index, stars, flash }: { r: RunResultView; index: number; stars: number; flash: FlashCol[] }) {
  return (
    <tr aria-rowindex={index}>
      <th scope="row">
        {/* The run's colour in every chart: one colour per policy, whatever the order. */}
        <span className="swatch" style={{ background: colourOf(r.spec) }} aria-hidden="true" />
        {r.label}
      </th>
      <td>{r.job.policy === NO_CACHE ? '—' : fmtInt(r.job.frames)}</td>
      <td>{fmtInt(r.metrics.requests)}</td>
      {COLUMNS.map((c, i) => {
        const isBest = (stars & (1 << i)) !== 0;
        return (
          <td key={c.key} className={isBest ? 'best' : undefined}>
            {c.fmt(r.metrics[c.key])}
            {isBest ? ' ★' : ''}
          </td>
        );
      })}
      {flash.map((c, i) => {
        const v = c.get(r);
        const isBest = (stars & (1 << (COLUMNS.length + i))) !== 0;
        return (
          <td key={c.key} className={isBest ? 'best flash-col' : 'flash-col'}>
            {v === undefined ? '—' : c.fmt(v)}
            {isBest ? ' ★' : ''}
          </td>
        );
      })}
    </tr>
  );
});

/** A run's flash figures, in the flash table under the results (the same rows, so the tables stay within their box). */
const FlashRow = memo(function FlashRow({ r, stars, flash }: { r: RunResultView; stars: number; flash: FlashCol[] }) {
  return (
    <tr>
      <th scope="row">
        <span className="swatch" style={{ background: colourOf(r.spec) }} aria-hidden="true" />
        {r.label}
      </th>
      <td>{r.job.policy === NO_CACHE ? '—' : fmtInt(r.job.frames)}</td>
      {flash.map((c, i) => {
        const v = c.get(r);
        const isBest = (stars & (1 << (COLUMNS.length + i))) !== 0;
        return (
          <td key={c.key} className={isBest ? 'best flash-col' : 'flash-col'}>
            {v === undefined ? '—' : c.fmt(v)}
            {isBest ? ' ★' : ''}
          </td>
        );
      })}
    </tr>
  );
});

/** A row standing for the rows not drawn, so the scroll height is that of the whole table. */
function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden="true" className="spacer">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

export function ResultsTable() {
  const results = useApp(selectResults);
  const cost = useApp(selectCost);
  const warmup = useMemo(() => warmupSentence(runWindowOf(results)), [results]);
  // With a flash latency model (µs per read and per write) the weighted cost is the I/O time.
  const costLabel = isLatencyModel(cost) ? 'I/O time (µs)' : 'Weighted cost';
  const withFlash = useMemo(() => hasFlash(results), [results]);
  const flash = withFlash ? FLASH_COLUMNS : NO_COLUMNS;
  // One pass for the stars of every row: each row looks its columns up.
  const tracker = useMemo(() => new BestTracker([...COLUMNS, ...(withFlash ? FLASH_COLUMNS : [])]), [withFlash]);
  const best = useMemo(() => tracker.of(results), [tracker, results]);

  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  const [rowHeight, setRowHeight] = useState(ROW_GUESS);
  const virtual = results.length > VIRTUAL_FROM;
  // Where the rows are in the scrolled box (below the caption and the header) and how much of them shows.
  const measure = useCallback(() => {
    const box = scroller.current;
    const tbody = body.current;
    if (!box || !tbody) return;
    const offset = tbody.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    const next = { top: Math.max(0, box.scrollTop - offset), height: box.clientHeight };
    setView((v) => (v.top === next.top && v.height === next.height ? v : next));
    const row = tbody.querySelector('tr:not(.spacer)');
    const h = row?.getBoundingClientRect().height;
    if (h && h > 0) setRowHeight((old) => (Math.abs(old - h) > 0.5 ? h : old));
  }, []);
  // Measured when the table becomes long and when it scrolls or is resized, never as rows arrive (each
  // measurement is a layout of the page).
  useLayoutEffect(() => {
    if (!virtual) return;
    measure();
    const box = scroller.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(() => measure());
    watch.observe(box);
    return () => watch.disconnect();
  }, [virtual, measure]);

  if (results.length === 0) return null;
  const { first, last } = windowOf(results.length, view, rowHeight);
  // With flash configurations the flash figures get a table of their own below: sixteen columns in one
  // table were 1,500 px wide in a 904 px box. A virtualised table (hundreds of rows) keeps them in one.
  const split = flash.length > 0 && !virtual;
  const inMain = split ? NO_COLUMNS : flash;
  const span = 3 + COLUMNS.length + inMain.length;
  return (
    <section aria-label="Results table">
      <h2>Results</h2>
      {warmup && (
        <p className="warmup-note" id="warmup-note">
          {warmup}
        </p>
      )}
      <div
        className={virtual ? 'results-wrap virtual' : 'results-wrap'}
        ref={scroller}
        onScroll={virtual ? measure : undefined}
        data-testid="results-scroll"
        // A long table scrolls in its own box, which the keyboard reaches too.
        tabIndex={virtual ? 0 : undefined}
        role={virtual ? 'region' : undefined}
        aria-label={virtual ? 'Results rows' : undefined}
      >
        <table className="results" aria-rowcount={results.length + 1} aria-describedby={warmup ? 'warmup-note' : undefined}>
          <caption>
            Each row is one policy at one cache size
            {flash.length > 0 ? ' on one flash configuration (its after-cache stream feeds the FTL)' : ''}; ★ marks the best value among
            runs of the same size.
            {virtual ? ` ${results.length.toLocaleString('en-US')} rows: scroll the table to see them all.` : ''}
          </caption>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">Policy</th>
              <th scope="col">Frames</th>
              <th scope="col">Requests</th>
              {COLUMNS.map((c) => (
                <th scope="col" key={c.key}>
                  {c.key === 'cost' ? costLabel : c.label}
                </th>
              ))}
              {inMain.map((c) => (
                <th scope="col" key={c.key} className="flash-col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={body}>
            {first > 0 && <Spacer height={first * rowHeight} span={span} />}
            {results.slice(first, last).map((r, i) => (
              // The header is row 1.
              <Row key={`${r.spec}-${r.job.frames}`} r={r} index={first + i + 2} stars={starsOf(best, r, flash)} flash={inMain} />
            ))}
            {last < results.length && <Spacer height={(results.length - last) * rowHeight} span={span} />}
          </tbody>
        </table>
      </div>
      {split && (
        <div className="results-wrap">
          <table className="results" aria-label="Flash results">
            <caption>
              The flash model under each run: its after-cache stream on its flash configuration; ★ marks the best value among runs of the
              same size.
            </caption>
            <thead>
              <tr>
                <th scope="col">Policy</th>
                <th scope="col">Frames</th>
                {flash.map((c) => (
                  <th scope="col" key={c.key} className="flash-col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {results.map((r) => (
                <FlashRow key={`${r.spec}-${r.job.frames}`} r={r} stars={starsOf(best, r, flash)} flash={flash} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ResultsExport />
    </section>
  );
}
