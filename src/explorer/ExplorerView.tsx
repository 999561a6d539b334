// UI: the step-by-step explorer: play a trace through one policy and watch its
// rings, lists and gauges move. Views are built generically from the snapshot;
// decorations.ts adds the few per-policy marks.

import { LinkCode } from '../components/LinkCode';
import { useEffect, useRef } from 'react';
import { useApp } from '../state/store';
import { selectTrace } from '../state/selectors';
import { selectExplorerError, selectExplorerNotice, selectFrame, selectSelected, useExplorer } from './explorerStore';
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
import type { AnyEvent } from '../core/explore';

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
  return (
    <section aria-label="Explorer" className="output explorer">
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
          <ExploreStatus frame={frame} />
          <Controls />
          <Narration frame={frame} />
          <ReferenceChoice policy={snap.policy} position={frame.position} />
          <QuizPanel />
          {!frame.flash && <CacheContents snapshot={snap} />}
          <ExplorePictureButton frame={frame} root={() => viewsRef.current} />
          <div className="explorer-views" ref={viewsRef}>
            {frame.flash && frame.flashPages ? (
              <FlashView snap={frame.flash} pages={frame.flashPages} owners={frame.flashOwners} />
            ) : (
              <>
                <p className="hint" aria-label="Cache occupancy">
                  {policyLabel(snap.policy)} · {snap.resident} of {snap.capacity} frames in use ·{' '}
                  {frame.hit === null ? 'start' : frame.hit ? 'hit' : 'miss'}
                </p>
                <VictimLine events={frame.events} />
                {frame.remark && <p aria-label="Remark">{frame.remark}</p>}
                <Legend snapshot={snap} />
              </>
            )}
            {snap.rings.map((r) => (
              <RingView key={r.name} policy={snap.policy} ring={r} events={frame.events} selected={selected} onSelect={select} />
            ))}
            {snap.lists.map((l) => (
              <ListView
                key={l.name}
                snapshot={snap}
                list={l}
                groups={frame.groups?.list === l.name ? frame.groups.blocks : undefined}
                events={frame.events}
                selected={selected}
                onSelect={select}
              />
            ))}
            <GaugeView gauges={snap.gauges} capacity={snap.capacity} events={frame.events} />
          </div>
          <FrameTableView />
          <HowItWorks frame={frame} />
          <PageInspector />
        </>
      )}
    </section>
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
