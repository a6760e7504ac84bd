import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('loadG2', () => {
  beforeEach(() => { vi.resetModules(); vi.doUnmock('@antv/g2'); });

  it('asks for the library once, whoever asks and however often', async () => {
    let evaluated = 0;
    vi.doMock('@antv/g2', () => { evaluated++; return { Chart: class {} }; });
    const { loadG2 } = await import('./loadG2');
    const [a, b] = await Promise.all([loadG2(), loadG2()]);
    expect(a).toBe(b);
    expect(await loadG2()).toBe(a);
    expect(evaluated).toBe(1);
  });

  it('forgets a failed load, so the next chart asks again', async () => {
    let fail = true;
    vi.doMock('@antv/g2', () => { if (fail) throw new Error('chunk gone'); return { Chart: class {} }; });
    const { loadG2 } = await import('./loadG2');
    await expect(loadG2()).rejects.toThrow();
    fail = false;
    vi.resetModules();
    await expect(loadG2()).resolves.toHaveProperty('Chart');
  });
});
