import { describe, expect, it } from 'vitest';
import { checkPageSchema } from './check';
import { designToSchema, DesignError, schemaToDesign, type Design, type DesignField } from './cgform';

const f = (dbFieldName: string, dbFieldTxt: string, more: Partial<DesignField> = {}): DesignField => ({ dbFieldName, dbFieldTxt, dbType: 'string', dbLength: 32, isShowForm: 1, isShowList: 1, ...more });

const design = (head: Partial<Design['head']>): Design => ({
  head: { tableName: 'demo_event', tableTxt: '活动', tableType: 1, ...head },
  fields: [
    f('id', 'ID', { dbIsKey: 1 }), f('title', '名称'),
    f('start_date', '开始日期', { dbType: 'Date', fieldShowType: 'date' }), f('end_date', '结束日期', { dbType: 'Date', fieldShowType: 'date' }),
    f('min_people', '最少人数', { dbType: 'int', fieldShowType: 'number' }), f('max_people', '最多人数', { dbType: 'int', fieldShowType: 'number' }),
    f('weight_a', '专家权重', { dbType: 'int', fieldShowType: 'number' }), f('weight_b', '评委权重', { dbType: 'int', fieldShowType: 'number' }),
    f('note', '备注', { dbType: 'int', isShowForm: 0 }),
  ],
});

const refusal = (head: Partial<Design['head']>) => { try { designToSchema(design(head)); } catch (e) { return e instanceof DesignError ? e.message : String(e); } return null; };

describe('the designer\'s checks (head.crossChecks, head.sumChecks)', () => {
  const head = {
    crossChecks: [{ field: 'end_date', op: 'ge', than: 'start_date' }, { field: 'max_people', op: 'ge', than: 'min_people', message: '最多人数不能少于最少人数' }],
    sumChecks: [{ fields: ['weight_a', 'weight_b'], equals: '100', label: '各项权重', unit: '%' }],
  };

  it('become the page schema\'s checks, with its field names, which the loader accepts', () => {
    const schema = designToSchema(design(head));
    expect(schema.crossChecks).toEqual([{ field: 'endDate', op: 'ge', than: 'startDate' }, { field: 'maxPeople', op: 'ge', than: 'minPeople', message: '最多人数不能少于最少人数' }]);
    expect(schema.sumChecks).toEqual([{ fields: ['weightA', 'weightB'], equals: 100, label: '各项权重', unit: '%' }]);
    expect(() => checkPageSchema(JSON.parse(JSON.stringify(schema)), 'design')).not.toThrow();
  });

  it('read back into the designer as they were written', () => {
    const back = schemaToDesign(designToSchema(design(head))).head;
    expect(back.crossChecks).toEqual(head.crossChecks);
    expect(back.sumChecks).toEqual([{ ...head.sumChecks[0], equals: 100 }]);
    expect(schemaToDesign(designToSchema(design({}))).head).not.toHaveProperty('crossChecks');
  });

  it('are refused in the designer\'s words, naming the rule and the fields', () => {
    expect(refusal({ crossChecks: [{ field: 'end_date', op: 'ge' }] })).toBe('比较校验第1条：请选择字段、关系和比较字段');
    expect(refusal({ crossChecks: [{ field: 'end_day', op: 'ge', than: 'start_date' }] })).toBe('比较校验第1条：字段「end_day」不在字段列表中');
    expect(refusal({ crossChecks: [{ field: 'end_date', op: 'ge', than: 'end_date' }] })).toBe('比较校验第1条：字段不能与自身比较');
    expect(refusal({ crossChecks: [{ field: 'title', op: 'gt', than: 'start_date' }] })).toBe('比较校验第1条：「名称」不是数字、日期或时间字段，不能比较大小');
    expect(refusal({ crossChecks: [{ field: 'max_people', op: 'gt', than: 'start_date' }] })).toBe('比较校验第1条：「最多人数」是数字，「开始日期」是日期，不能比较');
    expect(refusal({ crossChecks: [{ field: 'note', op: 'gt', than: 'min_people' }] })).toBe('比较校验第1条：「备注」不在表单中显示，请先勾选其“表单显示”');
    expect(refusal({ crossChecks: [{ field: 'end_date', op: 'after', than: 'start_date' }] })).toBe('比较校验第1条：请选择关系');
    expect(refusal({ sumChecks: [{ fields: ['weight_a'], equals: 100, label: '权重' }] })).toBe('合计校验第1条：请选择至少两个字段');
    expect(refusal({ sumChecks: [{ fields: ['weight_a', 'start_date'], equals: 100, label: '权重' }] })).toBe('合计校验第1条：「开始日期」不是数字字段，不能合计');
    expect(refusal({ sumChecks: [{ fields: ['weight_a', 'weight_b'], equals: '', label: '权重' }] })).toBe('合计校验第1条：请填写合计应等于的数值');
    expect(refusal({ sumChecks: [{ fields: ['weight_a', 'weight_b'], equals: 100, label: ' ' }] })).toBe('合计校验第1条：请填写合计的名称（如：各项权重）');
    expect(refusal({ crossChecks: 'end_date>start_date' as never })).toBe('字段间校验需要一个数组');
  });
});
