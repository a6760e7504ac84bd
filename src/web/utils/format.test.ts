import { describe, expect, it } from 'vitest';
import { currencyToChinese, ellipsis } from './format';

describe('ellipsis', () => {
  it('keeps short text and cuts long text at 25 characters by default, counting Chinese characters as one', () => {
    expect(ellipsis('短文本')).toBe('短文本');
    expect(ellipsis('一'.repeat(25))).toBe('一'.repeat(25));
    expect(ellipsis('一'.repeat(26))).toBe(`${'一'.repeat(25)}...`);
    expect(ellipsis('abcdef', 3)).toBe('abc...');
  });
});

describe('currencyToChinese', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [100, '壹佰元整'],
    [1000, '壹仟元整'],
    [10000, '壹万元整'],
    [100000, '壹拾万元整'],
    [1010, '壹仟零壹拾元整'],
    [10010, '壹万零壹拾元整'],
    [100010, '壹拾万零壹拾元整'],
    [105000, '壹拾万零伍仟元整'],
    [1001, '壹仟零壹元整'],
    [1234.5, '壹仟贰佰叁拾肆元伍角'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [1234.05, '壹仟贰佰叁拾肆元零伍分'],
    [1680.32, '壹仟陆佰捌拾元零叁角贰分'],
    [1000000.5, '壹佰万元零伍角'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [0.55, '伍角伍分'],
    [100000000, '壹亿元整'],
    [100000001.01, '壹亿零壹元零壹分'],
    [100000000.01, '壹亿元零壹分'],
    [100010000, '壹亿零壹万元整'],
    [120000300, '壹亿贰仟万零叁佰元整'],
    [1000000000, '壹拾亿元整'],
    [10203040506.7, '壹佰零贰亿零叁佰零肆万零伍佰零陆元柒角'],
    [999999999999.99, '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%s → %s', (amount, text) => {
    expect(currencyToChinese(amount)).toBe(text);
  });

  it('rounds to two decimals as the amount is written', () => {
    expect(currencyToChinese(1.005)).toBe('壹元零壹分');
    expect(currencyToChinese(0.004)).toBe('零元整');
    expect(currencyToChinese(9.999)).toBe('壹拾元整');
    expect(currencyToChinese(0.1 + 0.2)).toBe('叁角');
  });

  it('writes 负 before a negative amount, none for one that rounds to zero', () => {
    expect(currencyToChinese(-1234.5)).toBe('负壹仟贰佰叁拾肆元伍角');
    expect(currencyToChinese(-0.05)).toBe('负伍分');
    expect(currencyToChinese(-0.001)).toBe('零元整');
    expect(currencyToChinese(-0)).toBe('零元整');
  });

  it('refuses amounts of 1e12 and more (also after rounding) and what is not a finite number', () => {
    for (const bad of [1e12, -1e12, 999999999999.995, 1e20, Infinity, -Infinity, NaN]) {
      expect(() => currencyToChinese(bad), String(bad)).toThrow(RangeError);
    }
  });
});
