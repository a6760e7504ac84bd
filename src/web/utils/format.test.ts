import { describe, expect, it } from 'vitest';
import { ellipsis } from './format';

describe('ellipsis', () => {
  it('keeps short text and cuts long text at 25 characters by default, counting Chinese characters as one', () => {
    expect(ellipsis('短文本')).toBe('短文本');
    expect(ellipsis('一'.repeat(25))).toBe('一'.repeat(25));
    expect(ellipsis('一'.repeat(26))).toBe(`${'一'.repeat(25)}...`);
    expect(ellipsis('abcdef', 3)).toBe('abc...');
  });
});
