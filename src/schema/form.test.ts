import { describe, expect, it } from 'vitest';
import { compileForm, defaultView, fieldRules } from './form';
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

  it('gives the browser the server validator\'s words for the same mistakes', () => {
    const server = compileValidators(schema).add;
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
