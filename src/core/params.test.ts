// Every parameter the core declares gets an editor field with a valid default and
// a sensible range, and the values an editor sends are checked the way the core
// checks them.
import { describe, expect, it } from 'vitest';
import { CATALOG, policyDoc } from './catalog';
import { fieldsOf, paramsToSend, problemOf } from './params';

const everyParamSet = [
  ...CATALOG.policies.map((p) => ({ owner: p.name, params: p.params })),
  ...CATALOG.generators.map((g) => ({ owner: g.name, params: g.params })),
  { owner: 'phase', params: CATALOG.phase },
  { owner: 'flash', params: CATALOG.flash },
];

describe('the catalogue drives the parameter editor', () => {
  it('gives every entry an editor with valid defaults and ranges', () => {
    for (const { owner, params } of everyParamSet) {
      const fields = fieldsOf(params, {});
      expect(fields.map((f) => f.key)).toEqual(params.map((p) => p.key));
      for (const [i, f] of fields.entries()) {
        const p = params[i];
        expect(f.label, `${owner} ${p.key} label`).not.toBe('');
        expect(f.doc, `${owner} ${p.key} doc`).not.toBe('');
        expect(problemOf(owner, p, f.value), `${owner} ${p.key} default`).toBeNull();
        if (f.kind === 'number' || f.kind === 'integer') {
          expect(f.min, `${owner} ${p.key} min`).toBeTypeOf('number');
          expect(f.max, `${owner} ${p.key} max`).toBeTypeOf('number');
          expect(f.min!).toBeLessThanOrEqual(f.max!);
          expect(f.step).toBe(f.kind === 'integer' ? 1 : 'any');
        }
        if (f.kind === 'choice') expect(f.choices.map((c) => c.id)).toContain(f.value);
      }
    }
  });

  it('refuses values outside a range, naming the field', () => {
    const cflru = policyDoc('cflru')!;
    expect(paramsToSend('CFLRU', cflru.params, { window: 1.5 })).toEqual({ error: 'CFLRU window must be between 0 and 1 of the frames.' });
    expect(paramsToSend('CFLRU', cflru.params, { window: NaN })).toEqual({ error: 'CFLRU window must be a number.' });
    const ts = policyDoc('ts-clock')!;
    expect(paramsToSend('TS-CLOCK', ts.params, { pages_per_block: 2.5 })).toEqual({
      error: 'TS-CLOCK pages_per_block must be a whole number.',
    });
  });

  it('sends only what differs from the defaults and drops unknown keys', () => {
    const cflru = policyDoc('cflru')!;
    expect(paramsToSend('CFLRU', cflru.params, { window: 0.5, pages_per_block: 64 })).toEqual({ params: { window: 0.5 } });
    expect(paramsToSend('CFLRU', cflru.params, { window: 0.25 })).toEqual({ params: {} });
  });

  it('names FTL and cleaning choices as the catalogue does', () => {
    const ftl = fieldsOf(CATALOG.flash, {}).find((f) => f.key === 'ftl')!;
    expect(ftl.choices.map((c) => c.id)).toEqual(CATALOG.ftls.map((f) => f.id));
    expect(ftl.choices.map((c) => c.label)).toEqual(CATALOG.ftls.map((f) => f.name));
  });
});
