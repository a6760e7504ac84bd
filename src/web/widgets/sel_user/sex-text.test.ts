// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sexText } from './api';

describe('sexText', () => {
  it('reads 1 and 2 as 男 and 女 (SPEC §3), the server’s text when it translated one, and nothing for other codes', () => {
    expect(sexText({ sex: 1 })).toBe('男');
    expect(sexText({ sex: 2, sex_dictText: '女' })).toBe('女');
    // An untranslated code comes back as itself in `_dictText`: the guest's 0 is not a sex.
    expect(sexText({ sex: 0, sex_dictText: '0' })).toBe('');
    expect(sexText({ sex: null })).toBe('');
  });
});
