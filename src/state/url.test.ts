// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyExperiment, experimentOf, experimentOfLink, isHandLink } from './url';
import { CATALOG } from '../core/catalog';
import { useApp } from './store';
import { PRESETS } from '../presets/presets';
import type { SharedExperiment } from '../link/types';
import { DEFAULT_CSV } from '../link/defaults';
import { decodeExperiment } from '../link/decode';
import { encodeExperiment } from '../link/encode';

/** The experiment without the Explore tab's state (tested on its own below). */
const main = (e: SharedExperiment | null) => {
  if (!e) return e;
  const { explore: _explore, ...rest } = e;
  return rest;
};

describe('hand-written links', () => {
  it('carry the collapse-repeats run option into the experiment and the store', () => {
    const link = {
      trace: '1\n1\n2\n',
      requests: 3,
      policies: ['lirs'],
      params: {},
      frames: '2',
      flash: {},
      view: null,
      step: null,
      code: {},
      quiz: false,
      exercise: null,
      exercise_requests: null,
      warmup: null,
      interval: null,
      embed: false,
      problems: [],
    };
    expect(experimentOfLink({ ...link, collapse: true }).collapse).toBe(true);
    const off = experimentOfLink({ ...link, collapse: false });
    expect(off.collapse).toBe(false);
    applyExperiment(experimentOfLink({ ...link, collapse: true }));
    expect(useApp.getState().collapse).toBe(true);
    // warmup= and interval= (read by the core) reach the store and the canonical link, and leave with a link without them.
    const warm = experimentOfLink({ ...link, collapse: false, warmup: '10%', interval: 2 });
    expect([warm.warmup, warm.interval]).toEqual(['10%', 2]);
    applyExperiment(warm);
    expect([useApp.getState().warmup, useApp.getState().interval]).toEqual(['10%', 2]);
    const again = decodeExperiment(encodeExperiment(experimentOf(useApp.getState())!));
    expect([again.problems, again.experiment?.warmup, again.experiment?.interval]).toEqual([[], '10%', 2]);
    applyExperiment(experimentOfLink({ ...link, collapse: false }));
    expect([useApp.getState().warmup, useApp.getState().interval]).toEqual(['', null]);
    expect(experimentOf(useApp.getState())).not.toHaveProperty('warmup');
  });

  it('are told by the warm-up and interval keys too', () => {
    expect(isHandLink('?warmup=10%25')).toBe(true);
    expect(isHandLink('?interval=100')).toBe(true);
  });

  it('embed=1 opens the Explore stage alone, and the canonical link keeps it', () => {
    const link = {
      trace: '7\n0\n1\n',
      requests: 3,
      policies: ['clock'],
      params: {},
      frames: '2',
      flash: {},
      view: 'compare',
      step: 2,
      collapse: false,
      code: {},
      embed: true,
      problems: [],
      quiz: false,
      exercise: null,
      exercise_requests: null,
      warmup: null,
      interval: null,
    };
    const e = experimentOfLink(link);
    expect(e.embed).toBe(true);
    expect(e.view).toBe('explore');
    applyExperiment(e);
    expect(useApp.getState().embed).toBe(true);
    expect(experimentOf(useApp.getState())?.embed).toBe(true);
    const decoded = decodeExperiment(encodeExperiment(e));
    expect(decoded.problems).toEqual([]);
    expect(decoded.experiment?.embed).toBe(true);
    applyExperiment(experimentOfLink({ ...link, embed: false }));
    expect(useApp.getState().embed).toBe(false);
    expect(experimentOf(useApp.getState())?.embed).toBeUndefined();
  });
});

describe('store ⇄ experiment', () => {
  it('applying then reading back an experiment gives it unchanged, for every preset', () => {
    for (const p of PRESETS) {
      applyExperiment(p.experiment);
      expect(main(experimentOf(useApp.getState())), p.id).toEqual(main(p.experiment));
    }
  });

  it('an inline upload becomes a File with the same bytes', async () => {
    const inline = PRESETS.find((p) => p.id === 'cflru-list')!.experiment;
    applyExperiment(inline);
    const s = useApp.getState();
    expect(s.sourceKind).toBe('file');
    // jsdom's File has no text(): read it the old way.
    const text = await new Promise<string>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(r.result as string);
      r.readAsText(s.file!);
    });
    expect(s.file!.name).toBe('cflru-fig1.txt');
    expect(text).toBe(inline.source.kind === 'inline' ? inline.source.text : null);
  });

  it('a hashed upload waits for the file and keeps describing the same experiment', () => {
    const e: SharedExperiment = {
      ...PRESETS[0].experiment,
      source: {
        kind: 'hashed',
        name: 'big.txt',
        size: 10,
        sha256: 'a'.repeat(64),
        load: { format: null, pageSize: 4096, strict: true, csv: DEFAULT_CSV },
      },
    };
    applyExperiment(e);
    const s = useApp.getState();
    expect(s.file).toBeNull();
    expect(s.awaiting).toEqual(e.source);
    expect(main(experimentOf(s))).toEqual(main(e));
  });

  it('carries the Explore tab: policy, parameters, size and device', () => {
    const explore = { mode: 'cache' as const, policy: 'cflru', params: { window: 0.5 }, frames: 4, flash: {}, step: 0, selected: null };
    applyExperiment({ ...PRESETS[0].experiment, view: 'explore', explore });
    const e = experimentOf(useApp.getState())!;
    expect(e.view).toBe('explore');
    expect({ ...e.explore, flash: {} }).toEqual(explore);
  });

  it('a baseline beyond the policy list falls back to the first policy', () => {
    applyExperiment({ ...PRESETS[0].experiment, baseline: 30 });
    expect(useApp.getState().baseline).toBe(0);
  });
});

describe('URL sync', () => {
  it('pushes an entry per run, replaces for view and (throttled) playback position', async () => {
    const { installUrlSync } = await import('./url');
    const { decodeExperiment } = await import('../link/decode');
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    history.replaceState(null, '', '#');
    applyExperiment(PRESETS[0].experiment);
    const stop = installUrlSync();
    try {
      const start = history.length;
      useApp.setState((s) => ({ runSerial: s.runSerial + 1 }));
      expect(history.length).toBe(start + 1);
      expect(main(decodeExperiment(location.hash).experiment)).toEqual(main(PRESETS[0].experiment));

      useApp.getState().setView('explore');
      expect(history.length).toBe(start + 1);
      expect(decodeExperiment(location.hash).experiment?.view).toBe('explore');

      for (let p = 1; p <= 50; p++) useApp.getState().setPosition(p);
      expect(decodeExperiment(location.hash).experiment?.position).toBe(0);
      vi.advanceTimersByTime(600);
      expect(decodeExperiment(location.hash).experiment?.position).toBe(50);
      expect(history.length).toBe(start + 1);

      useApp.getState().setFramesText('7');
      useApp.setState((s) => ({ runSerial: s.runSerial + 1 }));
      expect(history.length).toBe(start + 2);
      expect(decodeExperiment(location.hash).experiment?.frames).toBe('7');
    } finally {
      stop();
      vi.useRealTimers();
    }
  });
});

describe('the link describes the loaded trace', () => {
  it('ignores generator edits made after the trace was generated', () => {
    const generated = PRESETS.find((p) => p.experiment.source.kind === 'generate')!.experiment;
    applyExperiment(generated);
    const s = useApp.getState();
    useApp.setState({
      trace: { source: 'generated', requests: 1, distinct: 1, writes: 0 },
      loadedFrom: { sourceKind: s.sourceKind, generator: s.generator, load: s.load },
    });
    useApp.getState().setGenerator({ pages: 5 });
    expect(main(experimentOf(useApp.getState()))).toEqual(main(generated));
    // Without a loaded trace the form is what there is.
    useApp.setState({ trace: null });
    const e = experimentOf(useApp.getState())!;
    expect(e.source.kind === 'generate' && e.source.generator.pages).toBe(5);
  });
});

describe('isHandLink', () => {
  it('knows a hand-written link by the keys the catalogue lists (the core’s link_keys)', () => {
    expect(CATALOG.link_keys.length).toBeGreaterThan(0);
    for (const { key } of CATALOG.link_keys) expect(isHandLink(`?${key}=1`), key).toBe(true);
    expect(isHandLink('?collapse-repeats=true')).toBe(true);
    expect(isHandLink('?utm_source=mail')).toBe(false);
    expect(isHandLink('')).toBe(false);
  });
});
