// UI: a policy’s list drawn as a strip of cells (listCanvas.ts).

import { useLatest } from '../hooks/useLatest';
import { useEffect, useRef } from 'react';
import { createListCanvas, type ListCanvas } from './listCanvas';
import { groupStarts, listDecoration, touchedPages } from './decorations';
import type { List, Snapshot, AnyEvent } from '../core/explore';

interface Props {
  snapshot: Snapshot;
  list: List;
  /** Group (block) of each entry, when the worker knows it. */
  groups?: number[];
  events: AnyEvent[];
  selected: string | null;
  onSelect(page: string | null): void;
  /** On the stage: the box the cells get, their largest size and the label size. */
  stage?: { width: number; height: number; maxCell: number; labelPx: number };
}

const WIDTH = 720;
const MAX_HEIGHT = 180;
const PREVIEW = 12;

/** Any policy's list or stack, head first; ghosts faded, per-policy pointer or split drawn over it. */
export function ListView({ snapshot, list, groups, events, selected, onSelect, stage }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useRef<ListCanvas | null>(null);
  const select = useLatest(onSelect);
  const deco = listDecoration(snapshot.policy, list.name);

  const width = stage?.width ?? WIDTH;
  // A pointer's label goes under the cells: on the stage it takes a label's height from the box.
  const height = stage ? stage.height - (deco.pointer ? stage.labelPx : 0) : MAX_HEIGHT;
  const maxCell = stage?.maxCell;
  const labelPx = stage?.labelPx;
  useEffect(() => {
    if (!canvasRef.current) return;
    view.current = createListCanvas(canvasRef.current, width, height, (p) => select.current(p), { maxCell, labelPx });
    return () => view.current?.destroy();
  }, [select, width, height, maxCell, labelPx]);

  const pointerIndex = deco.pointer ? (snapshot.gauges.find((g) => g.name === deco.pointer?.gauge)?.value ?? -1) : -1;
  const split = deco.splitAt ? list.entries.findIndex((e) => e.status === deco.splitAt) : -1;

  useEffect(() => {
    view.current?.update(list.entries, {
      bounds: groupStarts(groups),
      touched: touchedPages(events, []),
      selected,
      pointer: deco.pointer && pointerIndex >= 0 ? { index: pointerIndex, label: deco.pointer.label } : null,
      split: split >= 0 ? split : null,
      policy: snapshot.policy,
    });
  }, [list, events, selected, pointerIndex, split, deco.pointer, groups, snapshot.policy, width, height, maxCell, labelPx]);
  const pointerPage = pointerIndex >= 0 ? list.entries[pointerIndex]?.page : undefined;

  const head = list.entries.slice(0, PREVIEW).map((e) => (e.page === null ? '·' : String(e.page)));
  const text = `${list.entries.length} entries${list.entries.length ? `, head first: ${head.join(', ')}${list.entries.length > PREVIEW ? ', …' : ''}` : ''}`;
  return (
    <figure className={stage ? 'list-view staged' : 'list-view'}>
      <figcaption>
        <strong>{list.name}</strong> · <span aria-label={`Summary of ${list.name}`}>{text}</span>
        {deco.caption && (
          <span className="deco" aria-label={`${list.name} marker`}>
            {' '}
            · {deco.caption(snapshot)}
            {pointerPage !== undefined && pointerPage !== null
              ? ` (page ${pointerPage}${groups ? `, block ${groups[pointerIndex]}` : ''})`
              : ''}
            {split >= 0 ? ` · working region ${split} pages` : ''}
            {groups ? ` · ${new Set(groups).size} blocks with dirty pages` : ''}
          </span>
        )}
      </figcaption>
      <canvas ref={canvasRef} role="img" aria-label={`List ${list.name}: ${list.entries.length} entries`} />
    </figure>
  );
}
