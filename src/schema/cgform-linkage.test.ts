import { describe, expect, it } from 'vitest';
import { designToSchema, DesignError, schemaToDesign, type Design, type DesignField } from './cgform';
import { checkPageSchema } from './check';

const f = (dbFieldName: string, more: Partial<DesignField> = {}): DesignField => ({ dbFieldName, dbFieldTxt: dbFieldName, dbType: 'string', dbLength: 32, isShowForm: 1, isShowList: 1, ...more });

const design = (linkage: NonNullable<Design['head']['linkage']>): Design => ({
  head: { tableName: 'demo_leave', tableTxt: '请假', tableType: 1, linkage },
  fields: [
    f('leave_type', { dbFieldTxt: '类型', fieldShowType: 'radio', dictField: 'leave_type', orderNum: 1 }),
    f('days', { dbFieldTxt: '天数', dbType: 'int', fieldShowType: 'number', orderNum: 2 }),
    f('sick_note', { dbFieldTxt: '病假条', orderNum: 3 }),
    f('approver_level', { dbFieldTxt: '审批级别', fieldShowType: 'list', dictField: 'approver_level', orderNum: 4 }),
  ],
});

const rules = [
  { when: { field: 'leave_type', op: 'eq', value: 'sick' }, then: { field: 'sick_note', effect: 'show' } },
  { when: { field: 'days', op: 'gt', value: '3' }, then: { field: 'approver_level', effect: 'options', options: ['2', '3'] } },
  { when: { field: 'leave_type', op: 'in', value: ['annual', 'sick'] }, then: { field: 'days', effect: 'require' } },
  { when: { field: 'sick_note', op: 'notEmpty', value: 'ignored' }, then: { field: 'approver_level', effect: 'disable' } },
];

describe('linkage rules in the designer model', () => {
  it('become schema rules with field names and typed values, which the checks accept', () => {
    const schema = designToSchema(design(rules));
    expect(schema.linkage).toEqual([
      { when: { field: 'leaveType', op: 'eq', value: 'sick' }, then: { field: 'sickNote', effect: 'show' } },
      { when: { field: 'days', op: 'gt', value: 3 }, then: { field: 'approverLevel', effect: 'options', options: ['2', '3'] } },
      { when: { field: 'leaveType', op: 'in', value: ['annual', 'sick'] }, then: { field: 'days', effect: 'require' } },
      { when: { field: 'sickNote', op: 'notEmpty' }, then: { field: 'approverLevel', effect: 'disable' } },
    ]);
    expect(() => checkPageSchema(JSON.parse(JSON.stringify(schema)), 'design')).not.toThrow();
  });

  it('round-trip: the design read back gives the same schema', () => {
    const schema = designToSchema(design(rules));
    const back = schemaToDesign(schema);
    expect(back.head.linkage?.[1]).toEqual({ when: { field: 'days', op: 'gt', value: '3' }, then: { field: 'approver_level', effect: 'options', options: ['2', '3'] } });
    expect(designToSchema(back).linkage).toEqual(schema.linkage);
  });

  it('a design without rules has none', () => {
    expect(designToSchema(design([])).linkage).toBeUndefined();
    expect(schemaToDesign(designToSchema(design([]))).head.linkage).toBeUndefined();
  });

  it('refuses, in the designer\'s words, a rule naming no field of the list or left unchosen', () => {
    expect(() => designToSchema(design([{ when: { field: 'nope', op: 'empty' }, then: { field: 'days', effect: 'hide' } }]))).toThrow(new DesignError('联动规则第1条：条件字段「nope」不在字段列表中'));
    expect(() => designToSchema(design([rules[0], { when: { field: 'days', op: 'empty' }, then: { field: 'gone', effect: 'hide' } }]))).toThrow('联动规则第2条：目标字段「gone」不在字段列表中');
    expect(() => designToSchema(design([{ when: { field: 'days' }, then: { field: 'sick_note', effect: 'hide' } }]))).toThrow('联动规则第1条：请选择条件');
    expect(() => designToSchema(design([{ when: { field: 'days', op: 'empty' }, then: { field: 'sick_note' } }]))).toThrow('联动规则第1条：请选择效果');
    expect(() => designToSchema(design([{ when: {}, then: {} }]))).toThrow('联动规则第1条：请选择条件字段和目标字段');
    // Whatever shape arrives, a refusal rather than a crash.
    expect(() => designToSchema(design('x' as never))).toThrow('联动规则需要一个数组');
    expect(designToSchema(design([{ when: { field: 'days', op: 'empty' }, then: { field: 'approver_level', effect: 'options', options: 'x' as never } }])).linkage?.[0].then.options).toEqual([]);
  });

  it('leaves type and option problems to the schema checks, which name the rule', () => {
    const schema = designToSchema(design([{ when: { field: 'days', op: 'eq', value: 'many' }, then: { field: 'sick_note', effect: 'hide' } }]));
    expect(() => checkPageSchema(JSON.parse(JSON.stringify(schema)), 'design')).toThrow('design: /linkage/0/when/value: rule 1 (when days eq "many" then hide sickNote): "many" is not a number, and "days" is of type int');
  });
});
