import { describe, expect, it } from 'vitest';
import { CheckRuleError, parseCheckRule, runCheckRule } from './check-rule';

const common = parseCheckRule(JSON.stringify([
  { digits: '1', pattern: '^[a-z|A-Z]$', message: '第一位只能是字母' },
  { digits: '*', pattern: '^[0-9|a-z|A-Z|_]{0,}$', message: '只能填写数字、大小写字母、下划线' },
  { digits: '*', pattern: '^.{3,}$', message: '最少输入3位数' },
  { digits: '*', pattern: '^.{3,12}$', message: '最多输入12位数' },
]));

describe('runCheckRule (contract §11.2)', () => {
  it('passes a conforming value and a blank one', () => {
    expect(runCheckRule(common, 'abc_123')).toEqual({ passed: true });
    expect(runCheckRule(common, '  ')).toEqual({ passed: true });
  });

  it('reports the first failing segment, with indexes for counted digits only', () => {
    expect(runCheckRule(common, '1abc')).toEqual({ passed: false, digits: '1', pattern: '^[a-z|A-Z]$', message: '第一位只能是字母', beginIndex: 0, endIndex: 1, checkValue: '1' });
    expect(runCheckRule(common, 'a-b')).toMatchObject({ passed: false, message: '只能填写数字、大小写字母、下划线', checkValue: 'a-b' });
    expect(runCheckRule(common, 'ab')).toMatchObject({ message: '最少输入3位数' });
    expect(runCheckRule(common, 'a'.repeat(13))).toMatchObject({ message: '最多输入12位数' });
    expect(runCheckRule(common, 'ab')).not.toHaveProperty('beginIndex');
  });

  it('checks counted segments in sequence and sees "" past the end', () => {
    const rule = parseCheckRule('[{"digits":2,"pattern":"[A-Z]{2}","message":"前两位大写"},{"digits":3,"pattern":"\\\\d{3}","message":"后三位数字"}]');
    expect(runCheckRule(rule, 'AB123')).toEqual({ passed: true });
    expect(runCheckRule(rule, 'AB12x')).toMatchObject({ message: '后三位数字', beginIndex: 2, endIndex: 5, checkValue: '12x' });
    expect(runCheckRule(rule, 'AB')).toMatchObject({ message: '后三位数字', checkValue: '' });
  });

  it('refuses malformed rules', () => {
    expect(() => parseCheckRule('nope')).toThrow(CheckRuleError);
    expect(() => parseCheckRule('{}')).toThrow('校验规则需为数组');
    expect(() => parseCheckRule('[{"digits":0,"pattern":"a"}]')).toThrow('第1段的位数需为正整数或 *');
    expect(() => parseCheckRule('[{"digits":"*","pattern":"("}]')).toThrow('第1段的正则表达式无效');
  });
});
