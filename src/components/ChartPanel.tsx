// UI: a framed chart — mounts a `createChart(node)` chart and hands it its data.

import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Chart } from '../charts/hitRatioChart';
import { svgMarkup, svgToPng } from '../charts/exportChart';
import { queueDraw } from '../charts/drawQueue';
import { download, slug } from './download';
import { useApp } from '../state/store';
import { provenanceLine, provenanceOf } from '../state/provenance';

interface Props<T> {
  title: string;
  /** Builds the chart once on the panel's own node. */
  create(node: HTMLElement): Chart<T>;
  data: T;
  hidden?: boolean;
  children?: ReactNode;
  /** A sentence under the chart saying what it draws, when that needs saying. */
  caption?: string | null;
}

/** A D3 chart in a section with its heading, controls and SVG/PNG downloads. */
export function ChartPanel<T>({ title, create, data, hidden, children, caption }: Props<T>) {
  const node = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart<T> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The factory is fixed for the panel's life: the chart is built once.
  const factory = useRef(create);
  useEffect(() => {
    chart.current = factory.current(node.current!);
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);
  // Each chart redraws in a task of its own (see drawQueue), the newest data only.
  useEffect(() => queueDraw(() => chart.current?.update(data)), [data]);

  const svg = () => node.current?.querySelector('svg') ?? null;
  const saveSvg = async () => {
    const s = svg();
    if (s) download(`${slug(title)}.svg`, svgMarkup(s, title, provenanceLine(await provenanceOf(useApp.getState()))), 'image/svg+xml');
  };
  const savePng = async () => {
    const s = svg();
    if (!s) return;
    try {
      download(`${slug(title)}.png`, await svgToPng(svgMarkup(s, title)));
      setProblem(null);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  return (
    <section aria-label={title} className="chart-panel" hidden={hidden}>
      <div className="chart-head">
        <h2>{title}</h2>
        <div className="chart-tools">
          {children}
          {/* Named by their section; a name holding the title would match “Run” in tests and for voice control. */}
          <button type="button" className="small" onClick={() => void saveSvg()}>
            Download SVG
          </button>
          <button type="button" className="small" onClick={() => void savePng()}>
            Download PNG
          </button>
        </div>
      </div>
      {problem && <p className="error">{problem}</p>}
      <div ref={node} />
      {caption && <p className="chart-caption">{caption}</p>}
    </section>
  );
}
