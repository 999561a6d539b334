// UI: chart redraws, one per task. When results change, every chart panel redraws;
// done in one go that is one long task, which the page cannot answer during.
// Queued, each redraw is a task of its own, and a redraw made stale by newer
// data before its turn is dropped.

interface Draw {
  run: () => void;
  live: boolean;
}

const queue: Draw[] = [];
let armed = false;

function next(): void {
  armed = false;
  let draw = queue.shift();
  while (draw && !draw.live) draw = queue.shift();
  try {
    draw?.run();
  } finally {
    if (queue.length > 0) arm();
  }
}

function arm(): void {
  if (armed) return;
  armed = true;
  setTimeout(next, 0);
}

/** Runs `run` in a task of its own, after the draws queued before it; the function returned cancels it. */
export function queueDraw(run: () => void): () => void {
  const draw: Draw = { run, live: true };
  queue.push(draw);
  arm();
  return () => {
    draw.live = false;
  };
}
