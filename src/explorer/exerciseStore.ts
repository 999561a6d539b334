// UI: a lecturer's exercise, opened from a link (`exercise=victims` or `exercise=policy`). Its
// answers stay hidden from the page until the student submits: a soft hide, since the link
// carries the trace. Victims: the quiz, locked (explorerStore's `quiz.locked`); the worked
// answer is the core's reason for each eviction. Policy: the student's code from *Your policy*
// against the link's policy and parameters, every trace with its own verdict (the core's check).

import { create } from 'zustand';
import type { CheckReport } from '../core/generated/core';
import type { Params } from '../link/types';
import { sha256Hex } from '../link/upload';
import type { FrameTable } from '../core/frameTable';
import { engine } from '../engine/client';
import { useApp } from '../state/store';
import { useExplorer, type QuizAnswer } from './explorerStore';

export type ExerciseKind = 'victims' | 'table' | 'policy';

export interface Exercise {
  kind: ExerciseKind;
  /** The link as the lecturer wrote it (exports name it). */
  link: string;
  /** The policy explored (victims), or the reference the student implements (policy), with its parameters. */
  policy: string;
  params: Params;
  frames: number;
  /** The step the exercise opened at. */
  start: number;
  /** Table exercises: the requests after `start` whose columns the student fills in. */
  requests: number;
}

/** A frame-table cell as the student filled it in, and what the core's run put there. */
export interface TableCell {
  request: number;
  frame: number;
  answer: string;
  page: string | null;
  right: boolean;
}

export interface ExerciseState {
  exercise: Exercise | null;
  submitted: boolean;
  name: string;
  /** Policy exercises: the student's policy checked, and the core's verdicts. */
  checking: boolean;
  report: CheckReport | null;
  error: string | null;
  /** Table exercises: what the student typed, by `frame:request` (both counted from 0), and the marked cells once submitted. */
  cells: Record<string, string>;
  marked: TableCell[];
  setCell(frame: number, request: number, text: string): void;
  /** Table: marks each cell against the run's frame table and ends the hide. */
  submitTable(table: FrameTable): void;
  begin(e: Exercise): void;
  setName(name: string): void;
  /** Victims: ends the hide (the quiz shows its score and answers). */
  submitVictims(): void;
  /** Policy: checks `own` against the reference on the link's trace and the core's suite, then ends the hide. */
  submitPolicy(own: string): Promise<void>;
}

export const useExercise = create<ExerciseState>()((set, get) => ({
  exercise: null,
  submitted: false,
  name: '',
  checking: false,
  report: null,
  error: null,
  cells: {},
  marked: [],
  setCell: (frame, request, text) => set((s) => ({ cells: { ...s.cells, [`${frame}:${request}`]: text } })),
  submitTable: (table) => {
    const e = get().exercise;
    if (!e) return;
    const marked: TableCell[] = [];
    const end = Math.min(table.requests.length, e.start + e.requests);
    for (let t = e.start; t < end; t++) {
      table.frames.forEach((row, f) => {
        const answer = (get().cells[`${f}:${t}`] ?? '').trim();
        const page = row[t];
        marked.push({ request: t + 1, frame: f + 1, answer, page, right: answer === (page ?? '') });
      });
    }
    useExplorer.getState().unlockQuiz();
    set({ marked, submitted: true });
  },
  begin: (exercise) => {
    set({ exercise, submitted: false, report: null, error: null, checking: false, cells: {}, marked: [] });
    const x = useExplorer.getState();
    if (exercise.kind === 'victims') x.setQuiz(true, true);
    // A table exercise is done at its start: the run may not move past it until submitted.
    if (exercise.kind === 'table') {
      x.setQuiz(false, true);
      x.setFence(exercise.start);
    }
  },
  setName: (name) => set({ name }),
  submitVictims: () => {
    useExplorer.getState().unlockQuiz();
    set({ submitted: true });
  },
  submitPolicy: async (own) => {
    const e = get().exercise;
    const app = useApp.getState();
    if (!e || !app.trace) return;
    set({ checking: true, error: null });
    try {
      const report = await engine().check({
        policy: own,
        params: {},
        reference: e.policy,
        referenceParams: e.params,
        sizes: [e.frames],
        everyTrace: true,
      }).done;
      set({ report, submitted: true, checking: false });
    } catch (err) {
      set({ error: (err as Error).message, checking: false });
    }
  },
}));

/** An exercise is under way: the Compare tab, counts and far jumps stay hidden. */
export const selectExerciseLocked = (s: ExerciseState) => s.exercise !== null && !s.submitted;
export const selectExercise = (s: ExerciseState) => s.exercise;

/** The answers as a receipt hashes them: request and page, in the order given. */
function answered(log: QuizAnswer[]) {
  return log.map((a) => ({
    request: a.position + 1,
    page: a.page,
    answer: a.answer,
    evicted: a.victims,
    right: a.right,
    reason: a.reason,
  }));
}

/** SHA-256 (hex) of the exercise link, the name and the answers: a receipt that they were these, not a proof of who gave them. */
export async function receipt(link: string, name: string, answers: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify({ exercise: link, name, answers }));
  return sha256Hex(bytes);
}

/** The score's export: the exercise link, the name, the score, every answer and the receipt. */
export async function scoreJson(
  e: Exercise,
  name: string,
  log: QuizAnswer[],
  report: CheckReport | null,
  marked: TableCell[] = [],
): Promise<string> {
  const answers: Record<string, unknown>[] =
    e.kind === 'victims'
      ? answered(log)
      : e.kind === 'table'
        ? marked.map((c) => ({ ...c }))
        : (report?.traces ?? []).map((t) => ({ trace: t.trace, right: t.difference === null, difference: t.difference }));
  const right = answers.filter((a) => a.right === true).length;
  return JSON.stringify(
    {
      exercise: e.link,
      kind: e.kind,
      name,
      policy: e.policy,
      params: e.params,
      frames: e.frames,
      score: { right, of: answers.length },
      answers,
      sha256: await receipt(e.link, name, answers),
    },
    null,
    2,
  );
}

const csvCell = (x: unknown): string => {
  const s = x === null || x === undefined ? '' : Array.isArray(x) ? x.join(' ') : typeof x === 'object' ? JSON.stringify(x) : String(x);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The same as CSV: a row per answer, the exercise link, name and receipt on every row. */
export async function scoreCsv(
  e: Exercise,
  name: string,
  log: QuizAnswer[],
  report: CheckReport | null,
  marked: TableCell[] = [],
): Promise<string> {
  const doc = JSON.parse(await scoreJson(e, name, log, report, marked)) as { answers: Record<string, unknown>[]; sha256: string };
  const cols =
    e.kind === 'victims'
      ? ['request', 'page', 'answer', 'evicted', 'right', 'reason']
      : e.kind === 'table'
        ? ['request', 'frame', 'answer', 'page', 'right']
        : ['trace', 'right', 'difference'];
  const head = ['exercise', 'name', ...cols, 'sha256'];
  const rows = doc.answers.map((a) => [e.link, name, ...cols.map((c) => a[c]), doc.sha256].map(csvCell).join(','));
  return [head.join(','), ...rows].join('\n') + '\n';
}
