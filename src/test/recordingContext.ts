// Tests (Node): a recording 2D canvas context for snapshot tests of the explorer's drawings
// (ringCanvas.ts, listCanvas.ts, flashCanvas.ts): every call and property set
// becomes one line of text, numbers rounded to 2 decimals, so a test can
// snapshot what a drawing did and a reviewer can read the change in a diff.
// It implements only what those drawings use: a drawing that starts calling
// something else fails with "… is not a function" until it is added here.
//
// Paths (Path2D, which Node and jsdom lack) record their own commands, listed
// indented under the fill or stroke that draws them. Pixels put with
// putImageData are summarised: a hash of the bytes and the most used colours.

/** A number as logged: rounded to 2 decimals, no negative zero. */
export function num(x: number): string {
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

function arg(a: unknown): string {
  if (typeof a === 'number') return num(a);
  if (typeof a === 'string') return JSON.stringify(a);
  if (Array.isArray(a)) return `[${a.map(arg).join(', ')}]`;
  if (a instanceof RecordingPath2D) return 'path';
  if (a instanceof RecordingImageData) return `image ${a.width}×${a.height}`;
  return String(a);
}

const call = (name: string, args: unknown[]) => `${name}(${args.map(arg).join(', ')})`;

/** Path2D: records its commands, to be listed under the fill or stroke that draws it. */
export class RecordingPath2D {
  readonly ops: string[] = [];
  moveTo(x: number, y: number): void {
    this.ops.push(call('moveTo', [x, y]));
  }
  lineTo(x: number, y: number): void {
    this.ops.push(call('lineTo', [x, y]));
  }
  arc(...a: [number, number, number, number, number, boolean?]): void {
    this.ops.push(call('arc', a));
  }
  closePath(): void {
    this.ops.push('closePath()');
  }
}

export class RecordingImageData {
  readonly data: Uint8ClampedArray;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4);
  }
}

/** Colours listed per putImageData, the most used first. */
const COLOURS_LISTED = 12;

/** A pixel buffer in a few lines: its FNV-1a hash and its most used colours with their pixel counts. */
function pixelSummary(d: Uint8ClampedArray): string[] {
  let h = 0x811c9dc5;
  const counts = new Map<number, number>();
  for (let i = 0; i < d.length; i += 4) {
    const rgba = ((d[i] << 24) | (d[i + 1] << 16) | (d[i + 2] << 8) | d[i + 3]) >>> 0;
    counts.set(rgba, (counts.get(rgba) ?? 0) + 1);
    for (let k = 0; k < 4; k++) h = Math.imul(h ^ d[i + k], 0x01000193);
  }
  const hex = (c: number) => {
    const s = c.toString(16).padStart(8, '0');
    return s.endsWith('ff') ? `#${s.slice(0, 6)}` : `#${s}`;
  };
  const byUse = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const lines = [`  pixels fnv1a ${(h >>> 0).toString(16).padStart(8, '0')}, ${counts.size} colours`];
  for (const [c, n] of byUse.slice(0, COLOURS_LISTED)) lines.push(`  ${hex(c)} × ${n}`);
  if (byUse.length > COLOURS_LISTED) lines.push(`  … ${byUse.length - COLOURS_LISTED} more colours`);
  return lines;
}

const PROPERTIES = ['fillStyle', 'strokeStyle', 'lineWidth', 'globalAlpha', 'font', 'textAlign', 'textBaseline'] as const;
type Property = (typeof PROPERTIES)[number];

/** The context: `log` holds one line per call or property set, in order. */
export class RecordingContext {
  readonly log: string[] = [];
  private readonly state: Record<Property, unknown> = {
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    globalAlpha: 1,
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
  };
  declare fillStyle: string;
  declare strokeStyle: string;
  declare lineWidth: number;
  declare globalAlpha: number;
  declare font: string;
  declare textAlign: string;
  declare textBaseline: string;

  static {
    for (const p of PROPERTIES)
      Object.defineProperty(RecordingContext.prototype, p, {
        get(this: RecordingContext) {
          return this.state[p];
        },
        set(this: RecordingContext, v: unknown) {
          this.state[p] = v;
          this.log.push(`${p} = ${typeof v === 'number' ? num(v) : String(v)}`);
        },
      });
  }

  private rec(name: string, args: unknown[]): void {
    this.log.push(call(name, args));
  }
  /** A call that draws a path: the Path2D's commands follow, indented. */
  private recPath(name: string, path: unknown): void {
    if (path instanceof RecordingPath2D) {
      this.log.push(`${name}(path of ${path.ops.length})`);
      for (const op of path.ops) this.log.push(`  ${op}`);
    } else this.log.push(`${name}()`);
  }

  setTransform(...a: number[]): void {
    this.rec('setTransform', a);
  }
  clearRect(...a: number[]): void {
    this.rec('clearRect', a);
  }
  fillRect(...a: number[]): void {
    this.rec('fillRect', a);
  }
  strokeRect(...a: number[]): void {
    this.rec('strokeRect', a);
  }
  beginPath(): void {
    this.rec('beginPath', []);
  }
  moveTo(x: number, y: number): void {
    this.rec('moveTo', [x, y]);
  }
  lineTo(x: number, y: number): void {
    this.rec('lineTo', [x, y]);
  }
  arc(...a: [number, number, number, number, number, boolean?]): void {
    this.rec('arc', a);
  }
  closePath(): void {
    this.rec('closePath', []);
  }
  fill(path?: RecordingPath2D): void {
    this.recPath('fill', path);
  }
  stroke(path?: RecordingPath2D): void {
    this.recPath('stroke', path);
  }
  setLineDash(segments: number[]): void {
    this.rec('setLineDash', [segments]);
  }
  fillText(text: string, x: number, y: number): void {
    this.rec('fillText', [text, x, y]);
  }
  /** Text is 7 px per character whatever the font: no fonts in a test, and the same width everywhere. */
  measureText(text: string): { width: number } {
    const width = text.length * 7;
    this.log.push(`${call('measureText', [text])} → ${num(width)}`);
    return { width };
  }
  createImageData(width: number, height: number): RecordingImageData {
    this.rec('createImageData', [width, height]);
    return new RecordingImageData(width, height);
  }
  putImageData(image: RecordingImageData, x: number, y: number): void {
    this.rec('putImageData', [image, x, y]);
    this.log.push(...pixelSummary(image.data));
  }
}

/**
 * Makes every canvas's getContext('2d') a RecordingContext (one per canvas) and Path2D a
 * RecordingPath2D, until `restore()`. Needs a DOM (jsdom). `contextOf` gives a canvas's recorder.
 */
export function recordCanvases(): { contextOf(canvas: HTMLCanvasElement): RecordingContext; restore(): void } {
  const contexts = new WeakMap<HTMLCanvasElement, RecordingContext>();
  const contextOf = (canvas: HTMLCanvasElement) => {
    let c = contexts.get(canvas);
    if (!c) contexts.set(canvas, (c = new RecordingContext()));
    return c;
  };
  const proto = HTMLCanvasElement.prototype;
  const getContext = Object.getOwnPropertyDescriptor(proto, 'getContext');
  const path2d = Object.getOwnPropertyDescriptor(globalThis, 'Path2D');
  Object.defineProperty(proto, 'getContext', {
    configurable: true,
    value(this: HTMLCanvasElement, kind: string) {
      if (kind !== '2d') throw new Error(`the recording canvas has no ${kind} context`);
      return contextOf(this);
    },
  });
  Object.defineProperty(globalThis, 'Path2D', { configurable: true, writable: true, value: RecordingPath2D });
  return {
    contextOf,
    restore() {
      if (getContext) Object.defineProperty(proto, 'getContext', getContext);
      if (path2d) Object.defineProperty(globalThis, 'Path2D', path2d);
      else delete (globalThis as { Path2D?: unknown }).Path2D;
    },
  };
}
