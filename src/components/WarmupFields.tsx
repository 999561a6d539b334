// UI: the run options warm-up and interval in the experiment's settings (the runner's `--warmup` and `--interval`).

import { useState } from 'react';
import { useApp } from '../state/store';
import { selectInterval, selectWarmup } from '../state/selectors';

/** An interval as typed: null when empty, the number when it is a whole number from 1, otherwise undefined. */
export function intervalOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** The warm-up (read by the core when the experiment runs: `N` or `P%`) and the interval of the hit series. */
export function WarmupFields() {
  const warmup = useApp(selectWarmup);
  const interval = useApp(selectInterval);
  const { setWarmup, setInterval } = useApp.getState();
  const [text, setText] = useState(interval === null ? '' : String(interval));
  // A new value from outside (a link) replaces the text.
  const [shown, setShown] = useState(interval);
  if (shown !== interval) {
    setShown(interval);
    setText(interval === null ? '' : String(interval));
  }
  const bad = intervalOf(text) === undefined;
  return (
    <>
      <label title="Requests served first but not counted: hits, misses, write-backs and intervals start after them. A number of requests, or a share of the trace such as 10%.">
        Warm-up (requests or %)
        <input type="text" value={warmup} onChange={(e) => setWarmup(e.target.value)} placeholder="none, 10000 or 10%" />
      </label>
      <label title="The hit-ratio chart gets one point per this many requests after the warm-up (the last interval may be shorter).">
        Interval (requests)
        <input
          // Text, not a number input: a number input hides what was typed when it is not a number.
          type="text"
          inputMode="numeric"
          value={text}
          aria-invalid={bad}
          placeholder="none"
          onChange={(e) => {
            setText(e.target.value);
            const n = intervalOf(e.target.value);
            if (n !== undefined) {
              setShown(n);
              setInterval(n);
            }
          }}
        />
      </label>
      {bad && (
        <p className="error" role="alert">
          Interval: “{text}” is not a whole number of requests from 1; the last valid one ({interval ?? 'none'}) is kept.
        </p>
      )}
    </>
  );
}
