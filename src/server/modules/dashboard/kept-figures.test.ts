import { describe, expect, it } from 'vitest';
import { KeptFigures } from './kept-figures';

/** A clock the test moves, and a count that takes `cost` ms of it and answers how often it ran. */
function setup(cost: number) {
  let now = 1_000;
  let counts = 0;
  const kept = new KeptFigures<{ n: number }>(10_000, 50, () => now);
  const count = async () => {
    now += cost;
    return { n: ++counts };
  };
  return { kept, count, later: (ms: number) => { now += ms; }, counts: () => counts };
}

describe('KeptFigures', () => {
  it('keeps costly figures for the keep time, with the time they were counted', async () => {
    const s = setup(120);
    const first = await s.kept.get('admin', s.count);
    expect(first).toEqual({ n: 1, asOf: 1_000 });
    s.later(9_000);
    expect(await s.kept.get('admin', s.count)).toEqual({ n: 1, asOf: 1_000 });
    s.later(1_001);
    expect(await s.kept.get('admin', s.count)).toEqual({ n: 2, asOf: 11_121 });
    expect(s.counts()).toBe(2);
  });

  it('counts cheap figures afresh on every request', async () => {
    const s = setup(10);
    await s.kept.get('applicant', s.count);
    expect((await s.kept.get('applicant', s.count)).n).toBe(2);
  });

  it('keeps each scope apart', async () => {
    const s = setup(120);
    expect((await s.kept.get('admin', s.count)).n).toBe(1);
    expect((await s.kept.get('reviewer', s.count)).n).toBe(2);
    expect((await s.kept.get('admin', s.count)).n).toBe(1);
  });

  it('has requests for a scope being counted wait for that count', async () => {
    const s = setup(0);
    let release!: () => void;
    const slow = () => new Promise<{ n: number }>((resolve) => { release = () => resolve({ n: 7 }); });
    const a = s.kept.get('admin', slow);
    const b = s.kept.get('admin', s.count);
    release();
    expect(await a).toEqual(await b);
    expect(s.counts()).toBe(0);
  });

  it('forgets a failed count, so the next request counts again', async () => {
    const s = setup(120);
    await expect(s.kept.get('admin', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect((await s.kept.get('admin', s.count)).n).toBe(1);
  });
});
