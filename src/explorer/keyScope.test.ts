// UI: tests of where the explorer's keys act.
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { inScope } from './keyScope';

describe('inScope', () => {
  it('takes every key on the page when there is no scope, and only those inside it otherwise', () => {
    const box = document.createElement('div');
    const inside = document.createElement('button');
    const outside = document.createElement('button');
    box.append(inside);
    document.body.append(box, outside);
    expect(inScope(null, outside)).toBe(true);
    expect(inScope(box, inside)).toBe(true);
    expect(inScope(box, outside)).toBe(false);
    expect(inScope(box, null)).toBe(false);
  });

  it('reaches into a shadow root, as the notebook widget is', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const button = document.createElement('button');
    shadow.append(button);
    expect(inScope(shadow, button)).toBe(true);
    expect(inScope(shadow, document.body)).toBe(false);
  });
});
