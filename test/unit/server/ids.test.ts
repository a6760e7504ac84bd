import { describe, expect, it, vi } from 'vitest';
import { newId } from '../../../src/server/util/ids.js';

describe('newId', () => {
  it('is a decimal string of 19 digits (zero-padded, so text order is time order)', () => {
    const id = newId();
    expect(typeof id).toBe('string');
    expect(id).toMatch(/^\d{19}$/);
  });

  it('is unique over many calls in the same millisecond range', () => {
    const ids = Array.from({ length: 4000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is strictly increasing (as numbers) within one process', () => {
    const ids = Array.from({ length: 2000 }, () => BigInt(newId()));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
  });

  it('sorts by time: a later millisecond gives a larger id, and the timestamp is recoverable', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-01-01T00:00:00.000Z'));
      const a = BigInt(newId());
      vi.setSystemTime(new Date('2026-01-01T00:00:00.001Z'));
      const b = BigInt(newId());
      expect(b > a).toBe(true);
      const EPOCH = 1577836800000n;
      expect(Number((b >> 22n) + EPOCH)).toBe(Date.parse('2026-01-01T00:00:00.001Z'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps ids of the same millisecond distinct via the sequence', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-02-02T00:00:00.000Z'));
      const ids = Array.from({ length: 100 }, () => newId());
      expect(new Set(ids).size).toBe(100);
      expect(new Set(ids.map((id) => BigInt(id) >> 22n)).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
