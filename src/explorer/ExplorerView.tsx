// UI: the step-by-step explorer: play a trace through one policy and watch its
// rings, lists and gauges move. Views are built generically from the snapshot;
// decorations.ts adds the few per-policy marks.

import { LinkCode } from '../components/LinkCode';
import { useEffect, useRef } from 'react';
import { useApp } from '../state/store';
import { selectEmbed, selectStaged, selectTrace } from '../state/selectors';
import { selectExplorerError, selectExplorerNotice, selectFrame, selectQuiz, selectSelected, useExplorer } from './explorerStore';
import { GAP, listHeights, stageLabelPx, stageLayout, type StageBox } from './stageLayout';
import { useBoxSize, useFillHeight } from './useStage';
import { ExplorerSetup } from './ExplorerSetup';
import { Controls } from './Controls';
import { Narration } from './Narration';
import { ReferenceChoice } from '../yours/ReferenceChoice';
import { RingView } from './RingView';
import { ListView } from './ListView';
import { GaugeView } from './GaugeView';
import { PageInspector } from './PageInspector';
import { Legend } from './Legend';
import { FlashView } from './FlashView';
import { ExploreStatus } from './ExploreStatus';
import { QuizPanel } from './QuizPanel';
import { HowItWorks } from './HowItWorks';
import { FrameTableView } from './FrameTableView';
import { ExplorePictureButton } from './ExplorePicture';
import { policyLabel } from '../core/catalog';
import { CacheContents } from './CacheContents';
import { StatusBar } from '../components/StatusBar';
import { WatchNote } from '../components/WatchNote';
import type { AnyEvent, ExploreFrame } from '../core/explore';

export function ExplorerView() {
  const frame = useExplorer(selectFrame);
  const error = useExplorer(selectExplorerError);
  const notice = useExplorer(selectExplorerNotice);
  const selected = useExplorer(selectSelected);
  const trace = useApp(selectTrace);
  const { select, close, pause } = useExplorer.getState();

  // A new trace ends the session (the worker drops it); leaving the tab pauses it.
  useEffect(() => () => pause(), [pause]);
  useEffect(() => {
    if (useExplorer.getState().status !== 'closed') close();
  }, [trace, close]);

  const snap = frame?.snapshot;
  const viewsRef = useRef<HTMLDivElement>(null);
  // Presenting or embedded, the Explore tab is a stage: status, controls, narration and the
  // drawings fill the screen below the folded set-up; the rest follows below the fold.
  const staged = useApp(selectStaged);
  const embed = useApp(selectEmbed);
  const quizOn = useExplorer(selectQuiz).on;
  const stageRef = useRef<HTMLDivElement>(null);
  const drawRef = useRef<HTMLDivElement>(null);
  // On a landscape screen a lone ring or a set of lists leaves width to spare: the narration,
  // legend and gauges stand beside the drawing, which gets the height. Several rings need the width.
  const side =
    staged &&
    snap !== undefined &&
    !frame?.flash &&
    snap.rings.length <= 1 &&
    typeof window !== 'undefined' &&
    window.innerWidth >= 1.2 * window.innerHeight;
  useFillHeight(stageRef, staged && frame !== null);
  const box = useBoxSize(drawRef, staged && frame !== null, side);
  const meta = frame && snap && !frame.flash && (
    <div className="views-meta">
      <p className="hint" aria-label="Cache occupancy">
        {policyLabel(snap.policy)} · {snap.resident} of {snap.capacity} frames in use ·{' '}
        {frame.hit === null ? 'start' : frame.hit ? 'hit' : 'miss'}
      </p>
      <VictimLine events={frame.events} />
      {frame.remark && <p aria-label="Remark">{frame.remark}</p>}
      <Legend snapshot={snap} />
    </div>
  );
  const drawings = frame && (
    <div className="drawings" ref={drawRef}>
      <Drawings frame={frame} staged={staged} box={staged ? box : null} selected={selected} onSelect={select} />
    </div>
  );
  const gauges = snap && frame && <GaugeView gauges={snap.gauges} capacity={snap.capacity} events={frame.events} />;
  return (
    <section aria-label="Explorer" className={staged ? 'output explorer staged' : 'output explorer'}>
      <StatusBar />
      <WatchNote />
      <LinkCode />
      <ExplorerSetup />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" aria-label="Explorer notice">
          {notice}
        </p>
      )}
      {!frame && <p className="placeholder">Load a trace, choose one policy and a cache size, then step through it here.</p>}
      {frame && snap && (
        <>
          <div className="stage" ref={stageRef} role="group" aria-label="Stage">
            <ExploreStatus frame={frame} />
            <Controls />
            {!side && <Narration frame={frame} />}
            {!side && <ReferenceChoice policy={snap.policy} position={frame.position} />}
            {(!staged || quizOn) && <QuizPanel />}
            {!staged && !frame.flash && <CacheContents snapshot={snap} />}
            {!staged && <ExplorePictureButton frame={frame} root={() => viewsRef.current} />}
            <div className={side ? 'explorer-views side' : 'explorer-views'} ref={viewsRef}>
              {side ? (
                <>
                  {drawings}
                  <div className="stage-side">
                    <Narration frame={frame} />
                    <ReferenceChoice policy={snap.policy} position={frame.position} />
                    {meta}
                    {gauges}
                  </div>
                </>
              ) : (
                <>
                  {meta}
                  {drawings}
                  {gauges}
                </>
              )}
            </div>
          </div>
          {/* Embedded, the page is the stage alone. */}
          {!embed && (
            <>
              {staged && !quizOn && <QuizPanel />}
              {staged && !frame.flash && <CacheContents snapshot={snap} />}
              {staged && <ExplorePictureButton frame={frame} root={() => viewsRef.current} />}
              <FrameTableView />
              <HowItWorks frame={frame} />
              <PageInspector />
            </>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The rings, lists or flash grid of one frame. On the stage (`box` given) they share the box:
 * rings side by side, lists in a column beside them, every drawing as large as it allows.
 */
function Drawings({
  frame,
  staged,
  box,
  selected,
  onSelect,
}: {
  frame: ExploreFrame;
  staged: boolean;
  box: StageBox | null;
  selected: string | null;
  onSelect(page: string | null): void;
}) {
  const snap = frame.snapshot;
  // Not drawn on the stage until its box is measured: a first drawing at the wrong size would flash.
  if (staged && box === null) return null;
  const labelPx = typeof window === 'undefined' ? 24 : stageLabelPx(window.innerWidth, window.innerHeight);
  const zoom = snap.rings.some((r) => r.size > 96 && r.hands.length > 0);
  const l = box
    ? stageLayout(
        box,
        snap.rings.length,
        snap.lists.map((li) => li.entries.length),
        labelPx,
        zoom,
      )
    : null;
  const ringStage = l ? { side: l.ringSide, caption: l.caption, captionW: l.captionW, labelPx } : undefined;
  const heights = l
    ? listHeights(
        snap.lists.map((li) => li.entries.length),
        l.listsW,
        l.listH,
        l.listCell,
        labelPx,
      )
    : [];
  return (
    <>
      {frame.flash && frame.flashPages && (
        <FlashView snap={frame.flash} pages={frame.flashPages} owners={frame.flashOwners} stage={box ? { ...box, labelPx } : undefined} />
      )}
      {snap.rings.length > 0 && (
        <div className="rings" style={l ? { gap: GAP } : undefined}>
          {snap.rings.map((r) => (
            <RingView
              key={r.name}
              policy={snap.policy}
              ring={r}
              events={frame.events}
              selected={selected}
              onSelect={onSelect}
              stage={ringStage}
            />
          ))}
        </div>
      )}
      {snap.lists.length > 0 && (
        <div
          className={l && l.listCols > 1 ? 'lists side-by-side' : 'lists'}
          style={
            l
              ? l.listCols > 1
                ? { gridTemplateColumns: `repeat(${l.listCols}, ${l.listsW}px)`, gap: GAP }
                : { width: l.listsW, gap: GAP }
              : undefined
          }
        >
          {snap.lists.map((li, k) => (
            <ListView
              key={li.name}
              snapshot={snap}
              list={li}
              groups={frame.groups?.list === li.name ? frame.groups.blocks : undefined}
              events={frame.events}
              selected={selected}
              onSelect={onSelect}
              stage={l ? { width: l.listsW, height: heights[k], maxCell: l.listCell, labelPx } : undefined}
            />
          ))}
        </div>
      )}
    </>
  );
}

/** The page the step evicted, if any: it has left the views, so it is named here. */
function VictimLine({ events }: { events: AnyEvent[] }) {
  const ev = events.filter((e): e is Extract<AnyEvent, { kind: 'evict' }> => e.kind === 'evict');
  if (ev.length === 0) return null;
  return (
    <p aria-label="Victim" className="victim">
      Victim: {ev.map((e) => `page ${e.page} (${e.dirty ? 'dirty, written back' : 'clean'})`).join(', ')}
    </p>
  );
}
