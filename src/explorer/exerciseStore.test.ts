import { describe, expect, it } from 'vitest';
import { receipt, scoreCsv, scoreJson, type Exercise } from './exerciseStore';
import type { QuizAnswer } from './explorerStore';

const e: Exercise = {
  kind: 'victims',
  link: 'http://x/?trace=7,0,1,2&policy=fifo&frames=3&exercise=1',
  policy: 'fifo',
  params: {},
  frames: 3,
  start: 0,
  requests: 8,
};
const log: QuizAnswer[] = [
  { position: 3, page: '2', victims: ['7'], reason: 'oldest in the queue', answer: '7', right: true },
  { position: 5, page: '3', victims: ['0'], reason: 'oldest in the queue, "first in"', answer: '1', right: false },
];

describe('an exercise score', () => {
  it('exports the link, the name, the score and a SHA-256 of the answers', async () => {
    const doc = JSON.parse(await scoreJson(e, 'Ada', log, null)) as Record<string, unknown>;
    expect(doc).toMatchObject({ exercise: e.link, name: 'Ada', score: { right: 1, of: 2 } });
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The receipt changes with any answer or the name.
    const other = JSON.parse(await scoreJson(e, 'Ada', [log[0], { ...log[1], answer: '0', right: true }], null)) as Record<string, unknown>;
    expect(other.sha256).not.toBe(doc.sha256);
    expect(await receipt(e.link, 'Bob', [])).not.toBe(await receipt(e.link, 'Ada', []));
  });

  it('writes CSV with a row per answer, quoting what needs it', async () => {
    const lines = (await scoreCsv(e, 'Ada, L.', log, null)).trim().split('\n');
    expect(lines[0]).toBe('exercise,name,request,page,answer,evicted,right,reason,sha256');
    expect(lines[1]).toMatch(
      /^"http:\/\/x\/\?trace=7,0,1,2&policy=fifo&frames=3&exercise=1","Ada, L\.",4,2,7,7,true,oldest in the queue,[0-9a-f]{64}$/,
    );
    expect(lines[2]).toContain(',6,3,1,0,false,"oldest in the queue, ""first in""",');
  });
});
