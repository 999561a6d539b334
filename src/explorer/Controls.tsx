// UI: the explorer’s playback controls — step, play, speed, seek.

import { useContext, useEffect, useState } from 'react';
import { KeyScope, inScope } from './keyScope';
import { SPEEDS, selectFrame, selectLocked, selectSpeed, useExplorer } from './explorerStore';

/** A far jump on its way, with Cancel (it stops where it has got to). */
function SeekProgress() {
  const seeking = useExplorer((s) => s.seeking);
  if (!seeking) return null;
  return (
    <div className="progress-row" role="group" aria-label="Seeking">
      <progress aria-label="Seek progress" value={seeking.position} max={Math.max(1, seeking.target)} />
      <span>
        going to {seeking.target.toLocaleString('en')}: at {seeking.position.toLocaleString('en')}
      </span>
      <button type="button" className="small" onClick={() => useExplorer.getState().cancelSeek()}>
        Cancel jump
      </button>
    </div>
  );
}

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable);

/** Space play/pause, arrows step, Home/End: anywhere on the page (or in its `KeyScope`) except while typing in a field. */
function useKeyboard(): void {
  const scope = useContext(KeyScope);
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      // The innermost target: inside a shadow root (the notebook widget) `ev.target` is its host.
      const target = ev.composedPath()[0] ?? ev.target;
      if (ev.altKey || ev.ctrlKey || ev.metaKey || isTyping(target) || !inScope(scope, target)) return;
      const s = useExplorer.getState();
      if (!s.frame) return;
      const big = ev.shiftKey ? 10 : 1;
      switch (ev.key) {
        case ' ':
          if (target instanceof HTMLButtonElement) return; // the button itself toggles
          s.togglePlay();
          break;
        case 'ArrowRight':
          s.step(big);
          break;
        case 'ArrowLeft':
          s.step(-big);
          break;
        case 'Home':
          s.seek(0);
          break;
        case 'End':
          s.seek(s.frame.total);
          break;
        default:
          return;
      }
      ev.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [scope]);
}

export function Controls() {
  const frame = useExplorer(selectFrame);
  const speed = useExplorer(selectSpeed);
  // An exercise moves forward one request at a time, through its questions: no play, End, scrubbing or jumps.
  const locked = useExplorer(selectLocked);
  const { seek, step, togglePlay, setSpeed } = useExplorer.getState();
  const [jump, setJump] = useState('');
  useKeyboard();
  if (!frame) return null;
  const { position, total, playing } = frame;
  const jumpTo = () => {
    const n = Number(jump);
    if (jump.trim() !== '' && Number.isFinite(n)) seek(Math.round(n));
  };

  return (
    <div className="transport" role="toolbar" aria-label="Playback">
      <button type="button" onClick={() => seek(0)} aria-label="Go to start" title="Home">
        |◀
      </button>
      <button type="button" onClick={() => step(-1)} disabled={position === 0} aria-label="Step back" title="←">
        ◀
      </button>
      {!locked && (
        <button type="button" className="primary" onClick={togglePlay} aria-label={playing ? 'Pause' : 'Play'} title="Space">
          {playing ? '❙❙' : '▶'}
        </button>
      )}
      <button type="button" onClick={() => step(1)} disabled={position >= total} aria-label="Step forward" title="→">
        ▶︎|
      </button>
      {!locked && (
        <button type="button" onClick={() => seek(total)} disabled={position >= total} aria-label="Run to end" title="End">
          ▶▶|
        </button>
      )}
      <label>
        Speed
        <select aria-label="Speed (requests per second)" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s.toLocaleString('en')}/s
            </option>
          ))}
        </select>
      </label>
      {!locked && (
        <input
          type="range"
          className="scrubber"
          aria-label="Position in trace"
          min={0}
          max={total}
          value={position}
          onChange={(e) => seek(Number(e.target.value))}
        />
      )}
      <output aria-label="Position">
        {position.toLocaleString('en')} / {total.toLocaleString('en')}
      </output>
      {!locked && (
        <form
          className="jump"
          onSubmit={(e) => {
            e.preventDefault();
            jumpTo();
          }}
        >
          <input type="number" min={0} max={total} aria-label="Jump to request" value={jump} onChange={(e) => setJump(e.target.value)} />
          <button type="submit">Jump</button>
        </form>
      )}
      <SeekProgress />
    </div>
  );
}
