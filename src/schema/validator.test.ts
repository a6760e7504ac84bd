import { describe, expect, it } from 'vitest';
import type { PageSchema } from './types';
import { compileValidators } from './validator';

const schema: PageSchema = {
  code: 'sys_position', title: '职务', table: 'sys_position', api: '/sys/position',
  fields: [
    { name: 'code', label: '职务编码', type: 'string', length: 8, required: true, pattern: '^[A-Z0-9]+$', patternMessage: '编码只能是大写字母和数字' },
    { name: 'level', label: '级别', type: 'int', min: 1, max: 9 },
    { name: 'startDate', label: '开始日期', type: 'date' },
  ],
};
const { add, edit } = compileValidators(schema);

describe('compileValidators', () => {
  it('accepts a valid body, nulls for optional fields and _dictText siblings', () => {
    expect(add({ code: 'A1', level: 3, startDate: '2025-01-01', level_dictText: '三级' })).toBeNull();
    expect(add({ code: 'A1', level: null })).toBeNull();
    expect(edit({ id: '1', level: 2 })).toBeNull();
  });

  it('names the field by its label', () => {
    expect(add({})).toBe('职务编码不能为空');
    expect(add({ code: '' })).toBe('职务编码不能为空');
    expect(add({ code: 'ABCDEFGHIJ' })).toBe('职务编码长度不能超过8个字符');
    expect(add({ code: 'a b' })).toBe('编码只能是大写字母和数字');
    expect(add({ code: 'A', level: 'x' })).toBe('级别需要整数');
    expect(add({ code: 'A', level: 1.5 })).toBe('级别需要整数');
    expect(add({ code: 'A', level: 10 })).toBe('级别不能大于9');
    expect(add({ code: 'A', startDate: '2025/01/01' })).toBe('开始日期需要日期 YYYY-MM-DD');
    expect(add({ code: 5 })).toBe('职务编码的类型不正确');
    expect(add({ code: 'A', password: 'x' })).toBe('未知字段: password');
    expect(add([])).toBe('请求体需要一个JSON对象');
    expect(edit({ code: 'A' })).toBe('主键不能为空');
  });
});
