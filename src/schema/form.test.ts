import { describe, expect, it } from 'vitest';
import { compileForm, compileMainForm, defaultView, fieldRules } from './form';
import type { PageSchema } from './types';
import { compileValidators } from './validator';

const schema: PageSchema = {
  code: 'demo', title: '演示', table: 'demo', api: '/demo',
  fields: [
    { name: 'code', label: '编码', type: 'string', length: 8, required: true, unique: true, pattern: '^[A-Z]+$', patternMessage: '编码只能是大写字母' },
    { name: 'level', label: '级别', type: 'int', min: 1, max: 9, default: 1 },
    { name: 'rank', label: '职级', type: 'string', dict: { code: 'position_rank' } },
    { name: 'startDate', label: '开始日期', type: 'date' },
    { name: 'memo', label: '备注', type: 'text', readonly: true },
    { name: 'password', label: '密码', type: 'string', view: 'password', sensitive: true },
    { name: 'secret', label: '内部', type: 'string', form: false },
    { name: 'rule', label: '规则', type: 'string', checkRule: 'common' },
  ],
};

describe('compileForm', () => {
  it('names each field\'s component by its view, in declaration order', () => {
    const form = compileForm(schema, 'add');
    const p = form.properties!;
    expect(Object.keys(p)).toEqual(['code', 'level', 'rank', 'startDate', 'memo', 'password', 'rule']);
    expect(p.code['x-component']).toBe('text');
    expect(p.level['x-component']).toBe('number');
    expect(p.level.type).toBe('number');
    expect(p.level['x-component-props']).toEqual({ onlyInteger: true });
    expect(p.level.default).toBe(1);
    expect(p.rank['x-component']).toBe('list');
    expect(p.rank['x-component-props']).toEqual({ dict: { code: 'position_rank' } });
    expect(p.startDate['x-component']).toBe('date');
    expect(p.memo['x-component']).toBe('textarea');
    expect(p.code.required).toBe(true);
  });

  it('leaves passwords out of edit and detail forms, makes detail read-pretty and readonly fields read-only on edit', () => {
    const edit = compileForm(schema, 'edit').properties!;
    expect(edit.password).toBeUndefined();
    expect(edit.memo['x-pattern']).toBe('readOnly');
    expect(edit.level.default).toBeUndefined();
    const detail = compileForm(schema, 'detail').properties!;
    expect(Object.values(detail).every((n) => n['x-pattern'] === 'readPretty')).toBe(true);
  });

  it('shows in a detail, and only there, what the workflow wrote: the state and the stamped fields', () => {
    const task = {
      table: 'task',
      fields: [
        { name: 'title', label: '名称', type: 'string' },
        { name: 'state', label: '状态', type: 'string', form: false, dict: { code: 'task_state' } },
        { name: 'note', label: '意见', type: 'string', form: false },
        { name: 'internal', label: '内部', type: 'string', form: false },
      ],
      workflow: { field: 'state', initial: 'todo', transitions: [{ name: 'finish', label: '完成', from: ['todo'], to: 'done', opinion: 'optional', stamp: { note: 'opinion' } }] },
    } as unknown as PageSchema;
    expect(Object.keys(compileForm(task, 'detail').properties!)).toEqual(['title', 'state', 'note']);
    expect(Object.keys(compileForm(task, 'edit').properties!)).toEqual(['title']);
  });

  it('gives the browser the server validator\'s words for the same mistakes', () => {
    const { add } = compileValidators(schema);
    const server = (body: Record<string, unknown>) => add(body).problem;
    const rules = fieldRules(schema.fields[0], 'demo');
    expect(rules.find((r) => r.required)?.message).toBe(server({}));
    expect(rules.find((r) => r.maxLength)?.message).toBe(server({ code: 'ABCDEFGHIJ' }));
    expect(rules.find((r) => r.pattern)?.message).toBe(server({ code: 'ab' }));
    expect(rules.find((r) => r.duplicate)?.duplicate).toEqual({ table: 'demo', field: 'code' });
    const level = fieldRules(schema.fields[1]);
    expect(level.find((r) => r.format === 'integer')?.message).toBe(server({ code: 'A', level: 1.5 }));
    expect(level.find((r) => r.maximum === 9)?.message).toBe(server({ code: 'A', level: 10 }));
    expect(level.find((r) => r.minimum === 1)?.message).toBe(server({ code: 'A', level: 0 }));
    expect(fieldRules(schema.fields[7]).find((r) => r.checkRule)).toEqual({ checkRule: 'common', triggerType: 'onBlur' });
  });

  it('picks a view from the column type when none is declared', () => {
    expect(defaultView({ type: 'datetime' })).toBe('datetime');
    expect(defaultView({ type: 'string', dict: { code: 'sex' } })).toBe('list');
    expect(defaultView({ type: 'boolean' })).toBe('switch');
    expect(defaultView({ type: 'string', view: 'sel_user' })).toBe('sel_user');
  });
});

describe('compileMainForm', () => {
  const line = { code: 'orderLine', title: '订单明细', table: 'order_line', fields: [
    { name: 'orderId', label: '订单', type: 'string' as const },
    { name: 'product', label: '商品名称', type: 'string' as const, required: true },
    { name: 'qty', label: '数量', type: 'int' as const },
  ] };
  const note = { code: 'orderNote', title: '备注', table: 'order_note', fields: [{ name: 'orderId', label: '订单', type: 'string' as const }, { name: 'text', label: '内容', type: 'text' as const }] };

  it('adds each sub table as an editable table under its body key, without the foreign key', () => {
    const form = compileMainForm(schema, [{ schema: line, foreignKey: 'orderId', display: 'table' }, { schema: note, foreignKey: 'orderId', display: 'tabs' }], 'add');
    const lines = form.properties!.orderLineList;
    expect(lines['x-component']).toBe('ArrayTable');
    const cols = lines.items!.properties!;
    expect(Object.keys(cols)).toEqual(['__index', '__col_product', '__col_qty', '__ops']);
    expect(cols.__col_product.properties!.product['x-validator']).toContainEqual({ required: true, message: '商品名称不能为空' });
    expect(cols.__col_product['x-component-props']).toMatchObject({ title: '商品名称', required: true });
    expect(lines.properties!.add['x-component']).toBe('ArrayTable.Addition');
    // `tabs` puts the sub table in a tab of its own.
    const tab = form.properties!.__tabs.properties!.__tab_orderNote;
    expect(tab['x-component-props']).toEqual({ tab: '备注' });
    expect(tab.properties!.orderNoteList['x-component']).toBe('ArrayTable');
  });

  it('shows sub rows read-only in the detail form: no add or remove', () => {
    const lines = compileMainForm(schema, [{ schema: line, foreignKey: 'orderId' }], 'detail').properties!.orderLineList;
    expect(lines.properties).toEqual({});
    expect(Object.keys(lines.items!.properties!)).not.toContain('__ops');
  });
});
