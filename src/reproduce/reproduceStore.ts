// UI: state of the Reproduce view: which table, its file when it needs one, and the
// numbers the worker computed for it.

import { create } from 'zustand';
import { engine, CancelledError } from '../engine/client';
import type { Reproduced } from '../protocol/messages';
import { reproduceTables, tableById } from './tables';

export interface ReproduceState {
  tableId: string;
  file: File | null;
  status: 'idle' | 'running' | 'done';
  progress: { done: number; total: number; label: string } | null;
  result: (Reproduced & { tableId: string }) | null;
  error: string | null;
  notice: string | null;
  requestId: number | null;
  choose(id: string): void;
  setFile(file: File | null): void;
  run(): Promise<void>;
  cancel(): void;
}

export const useReproduce = create<ReproduceState>((set, get) => ({
  tableId: reproduceTables()[0]?.id ?? '',
  file: null,
  status: 'idle',
  progress: null,
  result: null,
  error: null,
  notice: null,
  requestId: null,
  choose: (tableId) => set({ tableId, error: null, notice: null }),
  setFile: (file) => set({ file, error: null }),
  async run() {
    const s = get();
    const table = tableById(s.tableId);
    if (!table || s.status === 'running') return;
    if (table.input.kind === 'file' && !s.file) {
      set({ error: `This table runs on ${table.input.name}: choose that file first.` });
      return;
    }
    const req = engine().reproduce(table, s.file ?? undefined, (p) => set({ progress: { done: p.done, total: p.total, label: p.label } }));
    set({ status: 'running', requestId: req.id, error: null, notice: null, progress: null });
    try {
      const r = await req.done;
      set({ result: { ...r, tableId: table.id }, status: 'done' });
    } catch (e) {
      // A cancelled or failed run keeps the previous result on screen.
      set(
        e instanceof CancelledError
          ? { notice: 'Cancelled; the table shown is the previous one.', status: 'idle' }
          : { error: (e as Error).message, status: 'idle' },
      );
    } finally {
      set({ progress: null, requestId: null });
    }
  },
  cancel() {
    const id = get().requestId;
    if (id !== null) engine().cancel(id);
  },
}));
