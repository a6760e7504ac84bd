import { describe, expect, it } from 'vitest';
import type { PageSchema } from './types';
import { fieldRules } from './form';
import { digitProblem } from './number-limits';
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
  it('accepts a valid body and nulls for optional fields, answering the declared fields only', () => {
    expect(add({ code: 'A1', level: 3, startDate: '2025-01-01', level_dictText: '三级', password: 'x', children: [{}] }))
      .toEqual({ problem: null, body: { code: 'A1', level: 3, startDate: '2025-01-01' } });
    expect(add({ code: 'A1', level: null }).problem).toBeNull();
    expect(edit({ id: '1', level: 2 })).toEqual({ problem: null, body: { id: '1', level: 2 } });
  });

  it('drops the fields outside the form (the server\'s), but for a panel\'s input and the keys that attach a row to its main', () => {
    const review: PageSchema = {
      code: 'review', title: '评分', table: 'review', api: '/review', kind: 'sub', main: { table: 'project', foreignKey: 'projectId' },
      fields: [
        { name: 'comment', label: '评语', type: 'string' },
        { name: 'projectId', label: '项目', type: 'string', form: false },
        { name: 'raceId', label: '赛事', type: 'string', form: false },
        { name: 'scores', label: '各项得分', type: 'text', form: false, input: true },
        { name: 'total', label: '总分', type: 'decimal', form: false },
        { name: 'rank', label: '名次', type: 'int', form: false },
      ],
    };
    const sent = { id: 'r1', comment: '好', projectId: 'p1', raceId: 'c1', scores: '{"a":9}', total: 100, rank: 1 };
    expect(compileValidators(review).edit(sent)).toEqual({ problem: null, body: { id: 'r1', comment: '好', projectId: 'p1', scores: '{"a":9}' } });
    expect(compileValidators(review, { attachedBy: ['raceId'] }).add(sent).body).toEqual({ id: 'r1', comment: '好', projectId: 'p1', raceId: 'c1', scores: '{"a":9}' });
  });

  it('checks the attaching key and a panel\'s input as their columns declare them', () => {
    const indicator: PageSchema = {
      code: 'indicator', title: '指标', table: 'indicator', api: '/indicator', kind: 'sub', main: { table: 'plan', foreignKey: 'planId' },
      fields: [
        { name: 'name', label: '指标', type: 'string' },
        { name: 'planId', label: '考核计划', type: 'string', length: 32, form: false },
        { name: 'scores', label: '各项得分', type: 'text', form: false, input: true },
      ],
    };
    const { add } = compileValidators(indicator);
    expect(add({ name: 'a', planId: { a: 1 } }).problem).toBeTruthy();
    expect(add({ name: 'a', planId: ['p1'] }).problem).toBeTruthy();
    expect(add({ name: 'a', planId: 'p'.repeat(33) }).problem).toBeTruthy();
    expect(add({ name: 'a', scores: { a: 9 } }).problem).toBeTruthy();
    expect(add({ name: 'a', planId: 'p1', scores: '{"a":9}' })).toEqual({ problem: null, body: { name: 'a', planId: 'p1', scores: '{"a":9}' } });
  });

  it('takes a boolean for a switch as its on or off value, and nothing else for a number', () => {
    const { add: addFlagged } = compileValidators({ ...schema, fields: [...schema.fields,
      { name: 'hidden', label: '隐藏', type: 'int', view: 'switch', extend: { switchOptions: [1, 0] } },
      { name: 'open', label: '公开', type: 'string', length: 1, view: 'switch' }] });
    expect(addFlagged({ code: 'A', hidden: true, open: false }).body).toEqual({ code: 'A', hidden: 1, open: 'N' });
    expect(addFlagged({ code: 'A', hidden: false }).body).toEqual({ code: 'A', hidden: 0 });
    expect(addFlagged({ code: 'A', level: true }).problem).toBe('级别需要整数');
  });

  it('names the field by its label', () => {
    const problem = (body: unknown, v = add) => v(body).problem;
    expect(problem({})).toBe('职务编码不能为空');
    expect(problem({ code: '' })).toBe('职务编码不能为空');
    expect(problem({ code: 'ABCDEFGHIJ' })).toBe('职务编码长度不能超过8个字符');
    expect(problem({ code: 'a b' })).toBe('编码只能是大写字母和数字');
    expect(problem({ code: 'A', level: 'x' })).toBe('级别需要整数');
    expect(problem({ code: 'A', level: 1.5 })).toBe('级别需要整数');
    expect(problem({ code: 'A', level: 10 })).toBe('级别不能大于9');
    expect(problem({ code: 'A', startDate: '2025/01/01' })).toBe('开始日期需要日期 YYYY-MM-DD');
    expect(problem({ code: { a: 5 } })).toBe('职务编码的类型不正确');
    expect(problem([])).toBe('请求体需要一个JSON对象');
    expect(problem({ code: 'A' }, edit)).toBe('主键不能为空');
  });

  it('refuses a number the column cannot hold, naming the field and the limit, in the form as on the server', () => {
    const money = compileValidators({ ...schema, fields: [
      { name: 'budget', label: '预算', type: 'decimal', length: 12, scale: 2 },
      { name: 'rate', label: '费率', type: 'decimal' },
      { name: 'count', label: '人数', type: 'int' },
    ] }).add;
    expect(money({ budget: 12345678901234 }).problem).toBe('预算的整数部分最多10位');
    expect(money({ budget: 12.345 }).problem).toBe('预算最多2位小数');
    expect(money({ budget: 1e-7 }).problem).toBe('预算最多2位小数');
    expect(money({ budget: 9999999999.99, rate: 0.5, count: 3 }).problem).toBeNull();
    expect(money({ count: 12.5 }).problem).toBe('人数需要整数');
    expect(money({ count: 3_000_000_000 }).problem).toBe('人数不能大于2147483647');
    expect(digitProblem({ label: '预算', type: 'decimal', length: 12, scale: 2 }, 12345678901234)).toBe('预算的整数部分最多10位');
    expect(fieldRules({ name: 'budget', label: '预算', type: 'decimal', length: 12, scale: 2 })).toContainEqual({ digits: { label: '预算', type: 'decimal', length: 12, scale: 2 } });
  });

  it('reads numbers sent as text as JeecgBoot does (字典项 sends "sortOrder":"1"), and refuses any other text with its message', () => {
    const item = compileValidators({ ...schema, fields: [
      { name: 'sortOrder', label: '排序值', type: 'int' },
      { name: 'rate', label: '费率', type: 'decimal', length: 6, scale: 2 },
      { name: 'shown', label: '显示', type: 'int', view: 'switch', extend: { switchOptions: [1, 0] } },
      { name: 'name', label: '名称', type: 'string', length: 8 },
      { name: 'need', label: '人数', type: 'int', required: true },
    ] });
    expect(item.add({ sortOrder: '1', rate: ' 2.50 ', shown: 'true', name: 12, need: '3' }).body).toEqual({ sortOrder: 1, rate: 2.5, shown: 1, name: '12', need: 3 });
    expect(item.add({ need: 3, shown: 'False', rate: '' }).body).toEqual({ need: 3, shown: 0, rate: null });
    expect(item.add({ need: 3, sortOrder: 'x' }).problem).toBe('排序值需要整数');
    expect(item.add({ need: 3, sortOrder: '1.0' }).problem).toBe('排序值需要整数');
    expect(item.add({ need: 3, sortOrder: '3000000000' }).problem).toBe('排序值不能大于2147483647');
    expect(item.add({ need: 3, rate: '1e9' }).problem).toBe('费率的整数部分最多4位');
    expect(item.add({ need: 3, rate: '0x10' }).problem).toBe('费率需要数字');
    expect(item.add({ need: '' }).problem).toBe('人数不能为空');
    expect(item.edit({ id: '1', sortOrder: '2' }).body).toEqual({ id: '1', sortOrder: 2 });
  });
});
