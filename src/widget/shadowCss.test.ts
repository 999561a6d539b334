// Both: tests of the widget's style sheet adaptation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shadowCss } from './shadowCss';

describe('shadowCss', () => {
  it('moves the page-wide rules to the host and the widget box', () => {
    expect(shadowCss(':root {\n  --fg: #000;\n}\nbody {\n  margin: 0;\n}\n.tbody-x { }')).toBe(
      ':host {\n  --fg: #000;\n}\n.cs-widget {\n  margin: 0;\n}\n.tbody-x { }',
    );
  });

  it('leaves no rule of the app on the page itself', () => {
    const out = shadowCss(readFileSync(new URL('../app.css', import.meta.url), 'utf8'));
    expect(out).not.toMatch(/:root\b/);
    expect(out).not.toMatch(/^(html|body)\b/m);
    expect(out).toContain(':host {');
  });
});
