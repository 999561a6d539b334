// UI: the policies the user wrote. Defining one asks the worker (which loads its JavaScript
// engine the first time) for the policy's catalogue entry; the entry then lists it wherever
// built-in policies are listed (group "Your policies"), and its source travels with every
// request that names it (engine/userCode.ts) and in links.

import type { StateCreator } from 'zustand';
import type { PolicyDoc } from '../core/catalog';
import { forgetUserPolicy, isPolicyId, isUserPolicy, registerUserPolicy } from '../core/catalog';
import { deleteUserSource, setUserSource } from '../engine/userCode';
import { CancelledError, engine } from '../engine/client';
import type { UserCode } from '../protocol/own';
import type { AppState } from './store';

export interface OwnPolicy {
  name: string;
  source: string;
  /** SHA-256 of the source, as exports name it (`sha256:…`). */
  sha256: string;
  doc: PolicyDoc;
}

/** The core's message about a source, and the line it names (`… (line 12)`), if any. */
export interface OwnProblem {
  message: string;
  line: number | null;
}

export interface OwnSlice {
  own: OwnPolicy[];
  /** Names of the policies the page's link brought (it says so and shows their code). */
  ownFromLink: string[];
  /** What went wrong with the last definition. */
  ownProblem: OwnProblem | null;
  /**
   * Defines `code` (replacing a policy of the same name); with `use`, adds each to the experiment's
   * policies. False, with `ownProblem` set, when the core refuses one.
   */
  defineOwn(code: UserCode[], opts?: { use?: boolean; fromLink?: boolean }): Promise<boolean>;
  /** Forgets a policy and takes it out of the experiment. */
  removeOwn(name: string): void;
}

/** The line a core message names, as `(line N)`. */
export function lineOf(message: string): number | null {
  const m = /\(line (\d+)\)/.exec(message);
  return m ? Number(m[1]) : null;
}

export const createOwnSlice: StateCreator<AppState, [], [], OwnSlice> = (set, get) => ({
  own: [],
  ownFromLink: [],
  ownProblem: null,

  async defineOwn(code, opts = {}) {
    if (code.length === 0) return true;
    // A built-in's id is refused before the worker is asked (the core would say the same).
    const shadow = code.find((c) => isPolicyId(c.name) && !isUserPolicy(c.name));
    if (shadow) {
      set({ ownProblem: { message: `"${shadow.name}" is the id of a built-in policy; give yours another name.`, line: null } });
      return false;
    }
    const req = engine().define(code, (p) => set({ busy: { id: p.id, phase: p.phase, done: p.done, total: p.total, label: p.label } }));
    const idle = !get().busy;
    if (idle) set({ busy: { id: req.id, phase: 'load', done: 0, total: 1, label: 'defining your policy' } });
    try {
      const defined = await req.done;
      const own = [...get().own];
      defined.forEach(({ policy, sha256 }, i) => {
        const { name, source } = code[i];
        registerUserPolicy(policy);
        setUserSource(name, source);
        const entry = { name, source, sha256, doc: policy };
        const at = own.findIndex((o) => o.name === name);
        if (at >= 0) own[at] = entry;
        else own.push(entry);
      });
      const names = code.map((c) => c.name);
      set((s) => ({
        own,
        ownProblem: null,
        // Saved from the editor, the code is the user's own again, not the link's.
        ownFromLink: opts.fromLink ? [...new Set([...s.ownFromLink, ...names])] : s.ownFromLink.filter((n) => !names.includes(n)),
        policies:
          opts.use && !opts.fromLink
            ? [...s.policies, ...names.filter((n) => !s.policies.some((p) => p.id === n)).map((id) => ({ id, params: {} }))]
            : s.policies,
      }));
      return true;
    } catch (e) {
      const message = e instanceof CancelledError ? 'Cancelled.' : (e as Error).message;
      set({ ownProblem: { message, line: lineOf(message) } });
      return false;
    } finally {
      if (idle) set({ busy: null });
    }
  },

  removeOwn(name) {
    forgetUserPolicy(name);
    deleteUserSource(name);
    set((s) => ({
      own: s.own.filter((o) => o.name !== name),
      ownFromLink: s.ownFromLink.filter((n) => n !== name),
      policies: s.policies.filter((p) => p.id !== name),
      baseline: 0,
    }));
  },
});
