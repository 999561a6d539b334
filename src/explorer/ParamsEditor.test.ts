import { describe, expect, it } from 'vitest';
import { paramsToSend } from './ParamsEditor';

const info = { id: 'cflru', name: 'CFLRU', summary: '', defaults: { window: 0.25, flush: false } };

describe('paramsToSend', () => {
  it('sends only what differs from the defaults', () => {
    expect(paramsToSend(info, { window: 0.5, flush: false })).toEqual({ params: { window: 0.5 } });
    expect(paramsToSend(info, { window: 0.25 })).toEqual({ params: {} });
  });
  it('drops keys of another policy and refuses an empty number', () => {
    expect(paramsToSend(info, { pages_per_block: 64 })).toEqual({ params: {} });
    expect(paramsToSend(info, { window: NaN })).toEqual({ error: 'CFLRU window must be a number.' });
  });
});
