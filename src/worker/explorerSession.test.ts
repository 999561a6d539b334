import { describe, expect, it } from 'vitest';
import { ExplorerSession, stepsForTick, type Stepper } from './explorerSession';

// A toy deterministic policy: state is the sum of the requests served so far.
const TRACE = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];

function fake(start = 0, startSum = 0): Stepper {
  let pos = start;
  let sum = startSum;
  return {
    fork() {
      return fake(pos, sum);
    },
    step() {
      if (pos >= TRACE.length) return undefined;
      sum += TRACE[pos];
      pos++;
      return JSON.stringify({
        hit: TRACE[pos - 1] % 2 === 1,
        events: [{ kind: 'miss', page: String(TRACE[pos - 1]), write: false }],
        reason: null,
      });
    },
    advance(n) {
      const k = Math.min(n, TRACE.length - pos);
      for (let i = 0; i < k; i++) sum += TRACE[pos++];
      return k;
    },
    position: () => pos,
    snapshot: () =>
      JSON.stringify({
        policy: 'toy',
        capacity: 1,
        resident: 0,
        rings: [],
        lists: [],
        gauges: [{ name: 'sum', value: sum, target: null }],
      }),
    free() {},
  };
}
const session = () =>
  new ExplorerSession(
    () => fake(),
    TRACE.length,
    (t) => ({ page: String(TRACE[t]), write: false }),
  );
const noFork = (): Stepper => ({ ...fake(), fork: undefined });
const sumOf = (s: ExplorerSession) => s.frame(false).snapshot.gauges[0].value;

describe('ExplorerSession', () => {
  it('steps forward with the events of the request just served', () => {
    const s = session();
    s.seek(1);
    const f = s.frame(false);
    expect(f.position).toBe(1);
    expect(f.events).toEqual([{ kind: 'miss', page: '3', write: false }]);
    expect(f.request).toEqual({ page: '3', write: false });
    expect(f.hit).toBe(true);
  });

  it('going back gives exactly the state first seen there', () => {
    const s = session();
    const seen: string[] = [];
    for (let p = 1; p <= TRACE.length; p++) {
      s.seek(p);
      seen[p] = JSON.stringify(s.frame(false));
    }
    for (let p = TRACE.length; p >= 1; p--) {
      s.seek(p);
      expect(JSON.stringify(s.frame(false))).toBe(seen[p]);
    }
    expect(s.replays).toBe(TRACE.length - 1);
  });

  it('goes back from the nearest checkpoint, exactly, and replays only from there', () => {
    const s = new ExplorerSession(
      () => fake(),
      TRACE.length,
      (t) => ({ page: String(TRACE[t]), write: false }),
      5,
      3,
    );
    expect(s.every).toBe(3);
    s.seek(10);
    const at8: string[] = [];
    s.seek(8);
    at8.push(JSON.stringify(s.frame(false)));
    expect(s.replayed).toBe(1); // from the checkpoint at 6 to request 7, then one traced step
    s.seek(10);
    s.seek(8);
    at8.push(JSON.stringify(s.frame(false)));
    expect(at8[1]).toBe(at8[0]);
    expect(s.frame(false).snapshot.gauges[0].value).toBe(3 + 1 + 4 + 1 + 5 + 9 + 2 + 6);
    s.seek(2);
    expect(s.frame(false).snapshot.gauges[0].value).toBe(4);
  });

  it('replays from the start when the stepper cannot be copied', () => {
    const s = new ExplorerSession(noFork, TRACE.length, (t) => ({ page: String(TRACE[t]), write: false }), 5, 3);
    s.seek(10);
    s.seek(9);
    expect(s.replayed).toBe(8);
    expect(s.frame(false).snapshot.gauges[0].value).toBe(3 + 1 + 4 + 1 + 5 + 9 + 2 + 6 + 5);
  });

  it('jumps far forward untraced and clamps out-of-range targets', () => {
    const s = session();
    s.seek(7);
    expect(sumOf(s)).toBe(3 + 1 + 4 + 1 + 5 + 9 + 2);
    expect(s.frame(false).events).toEqual([{ kind: 'miss', page: '2', write: false }]);
    s.seek(1e9);
    expect(s.position).toBe(TRACE.length);
    s.seek(-5);
    expect(s.position).toBe(0);
    expect(s.frame(false).events).toEqual([]);
    expect(s.frame(false).request).toBeNull();
  });
});

describe('stepsForTick', () => {
  it('turns a slow speed into whole steps over several ticks', () => {
    let carry = 0;
    let total = 0;
    for (let i = 0; i < 60; i++) {
      const r = stepsForTick(1, 1000 / 60, carry);
      carry = r.carry;
      total += r.steps;
    }
    expect(total).toBe(1);
  });
  it('gives thousands of steps per tick at high speed', () => {
    expect(stepsForTick(120_000, 1000 / 60, 0).steps).toBe(2000);
  });
});
