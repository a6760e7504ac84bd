import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, creditCodeProblem } from './credit-code';
import { fieldRules } from './form';
import type { PageSchema } from './types';
import { compileValidators } from './validator';

describe('统一社会信用代码 (GB 32100-2015)', () => {
  // Published codes of well-known companies, each with its real check character.
  const real = ['91110000100017643K', '91440300708461136T', '91330100799655058B', '91110108551385082Q'];

  it('accepts real codes and computes their check character', () => {
    for (const code of real) {
      expect(creditCodeProblem(code)).toBeNull();
      expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code[17]);
    }
  });

  it('writes a check value of 31 as 0 and uses the letters of the code set for 10 and above', () => {
    // Sum ≡ 0 (mod 31) → 31 − 0 = 31 → 0.
    expect(creditCodeCheckChar('00000000000000000')).toBe('0');
    // 1·1 = 1 → 30 → Y, the last character of the set.
    expect(creditCodeCheckChar('10000000000000000')).toBe('Y');
  });

  it('refuses a wrong check character with a clear message', () => {
    expect(creditCodeProblem('91110000100017643A')).toBe('统一社会信用代码校验位不正确');
    // One changed digit in the body breaks the check too.
    expect(creditCodeProblem('91110000100017653K')).toBe('统一社会信用代码校验位不正确');
  });

  it('names what else is wrong: length, lower case, characters outside the set, authority, area', () => {
    expect(creditCodeProblem('9111000010001764')).toBe('统一社会信用代码应为18位（当前16位）');
    expect(creditCodeProblem('91110000100017643k')).toBe('统一社会信用代码中的字母应为大写');
    expect(creditCodeProblem('91110000100017643I')).toBe('统一社会信用代码含有无效字符「I」（不使用 I、O、Z、S、V）');
    expect(creditCodeProblem('0111000010001764XX')).toBe('统一社会信用代码第1位（登记管理部门代码）不正确');
    expect(creditCodeProblem('9111A000100017643K')).toBe('统一社会信用代码第3至8位应为行政区划代码');
    expect(creditCodeProblem('')).toBeNull();
  });

  it('returns no check character for a body of the wrong length or with a foreign character', () => {
    expect(creditCodeCheckChar('9111')).toBeUndefined();
    expect(creditCodeCheckChar('9111000010001764O')).toBeUndefined();
  });
});

describe('a field declaring valueCheck: creditCode', () => {
  const schema: PageSchema = {
    code: 'x_org', title: '企业', table: 'x_org', api: '/x/org', permission: 'x:org',
    fields: [
      { name: 'name', label: '企业名称', type: 'string', length: 100, required: true },
      { name: 'creditCode', label: '统一社会信用代码', type: 'string', length: 18, valueCheck: 'creditCode' },
    ],
  };

  it('is checked by the server validator on add and edit, after types and lengths', () => {
    const v = compileValidators(schema);
    expect(v.add({ name: '甲', creditCode: '91110000100017643K' }).problem).toBeNull();
    expect(v.add({ name: '甲', creditCode: '91110000100017643A' }).problem).toBe('统一社会信用代码校验位不正确');
    expect(v.edit({ id: '1', creditCode: '91110000100017643A' }).problem).toBe('统一社会信用代码校验位不正确');
    expect(v.add({ name: '甲', creditCode: 'x'.repeat(19) }).problem).toBe('统一社会信用代码长度不能超过18个字符');
    expect(v.add({ name: '甲', creditCode: null }).problem).toBeNull();
    expect(v.edit({ id: '1', creditCode: '' }).problem).toBeNull();
  });

  it('reaches the browser form as a rule checked on blur', () => {
    expect(fieldRules(schema.fields[1])).toContainEqual({ valueCheck: 'creditCode', triggerType: 'onBlur' });
  });
});
