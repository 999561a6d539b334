import { describe, expect, it } from 'vitest';
import { splitPreview } from './csvPreview';

describe('splitPreview', () => {
  it('detects comma, tab and blanks like the core, and unquotes fields', () => {
    expect(splitPreview('a,"b",c\r\n1,2,3\n', null, 5)).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(splitPreview('1\t2\n', null, 5)).toEqual([['1', '2']]);
    expect(splitPreview('l 0x1f  1\n', null, 5)).toEqual([['l', '0x1f', '1']]);
    expect(splitPreview('1;2\n', ',', 5)).toEqual([['1;2']]);
  });

  it('skips blank and comment lines and stops at maxRows', () => {
    expect(splitPreview('# c\n\n1\n2\n3\n', null, 2)).toEqual([['1'], ['2']]);
  });
});
