import { describe, expect, it } from 'vitest';
import { checkPageSchema, checkSchemaSet, SchemaError } from './check';
import type { PageSchema } from './types';

const position = {
  code: 'sys_position', title: '职务管理', table: 'sys_position', api: '/sys/position', permission: 'system:position',
  fields: [
    { name: 'code', label: '职务编码', type: 'string', length: 32, required: true, unique: true, view: 'text', query: 'single', list: true },
    { name: 'postRank', label: '职级', type: 'string', view: 'list', dict: { code: 'position_rank' }, query: 'single', list: true },
  ],
};

const problem = (doc: unknown) => {
  try {
    checkPageSchema(doc, 'schemas/system/x.json');
  } catch (e) {
    if (e instanceof SchemaError) return e.message;
    throw e;
  }
  return 'ok';
};

describe('checkPageSchema', () => {
  it('accepts a well-formed schema', () => {
    expect(problem(position)).toBe('ok');
  });

  it('checks actions: one of request or panel, row and selection references that exist', () => {
    const freeze = { key: 'freeze', label: '冻结', place: 'row', request: { method: 'put', url: '/sys/user/frozenBatch', body: { ids: '$id', status: 2 } } };
    expect(problem({ ...position, actions: [freeze] })).toBe('ok');
    expect(problem({ ...position, actions: [{ ...freeze, panel: 'RolePermission' }] })).toMatch(/\/actions\/0: needs exactly one of request or panel/);
    expect(problem({ ...position, actions: [{ ...freeze, request: { ...freeze.request, body: { ids: '$nope' } } }] })).toMatch(/"\$nope" cannot be sent from a row action/);
    expect(problem({ ...position, actions: [{ ...freeze, request: { ...freeze.request, body: { ids: '$ids' } } }] })).toMatch(/"\$ids" cannot be sent from a row action/);
    expect(problem({ ...position, actions: [{ ...freeze, place: 'toolbar', request: { ...freeze.request, body: { ids: '$ids' } } }] })).toBe('ok');
    expect(problem({ ...position, actions: [{ ...freeze, when: { field: 'missing', in: [1] } }] })).toMatch(/when\/field: field "missing" is not declared/);
    expect(problem({ ...position, actions: [freeze, freeze] })).toMatch(/action keys must be unique/);
  });

  it('checks that a several-column index names declared columns', () => {
    expect(problem({ ...position, indexes: [{ columns: ['postRank', 'createTime'] }] })).toBe('ok');
    expect(problem({ ...position, indexes: [{ columns: ['postRank', 'nope'] }] })).toMatch(/\/indexes\/0\/columns: field "nope" is not a declared column/);
    expect(problem({ ...position, indexes: [{ columns: ['postRank'] }] })).toMatch(/\/indexes\/0\/columns/);
  });

  it('lets a string or text column be text-searched, and says how a total is counted', () => {
    const withSearch = (f: object) => ({ ...position, fields: [{ ...position.fields[0], ...f }, position.fields[1]] });
    expect(problem(withSearch({ search: true }))).toBe('ok');
    expect(problem(withSearch({ type: 'int', search: true }))).toMatch(/\/fields\/0\/search: only a string or text column can be text-searched/);
    expect(problem(withSearch({ search: true, sensitive: true }))).toMatch(/\/fields\/0\/search/);
    expect(problem({ ...position, count: 'exact' })).toBe('ok');
    expect(problem({ ...position, count: { exactUpTo: 50_000 } })).toBe('ok');
    expect(problem({ ...position, count: { exactUpTo: 5 } })).toMatch(/\/count/);
  });

  it('refuses a virtual field that pretends to be a column', () => {
    const roles = { name: 'selectedroles', label: '角色', type: 'string', virtual: true, list: true };
    expect(problem({ ...position, fields: [...position.fields, roles] })).toMatch(/\/fields\/2\/virtual: a virtual field is not a column/);
    expect(problem({ ...position, fields: [...position.fields, { ...roles, list: false }] })).toBe('ok');
  });

  it('names the file, the JSON path and the problem in one line', () => {
    expect(problem({ ...position, fields: [{ ...position.fields[0], type: 'varchar' }] }))
      .toMatch(/^schemas\/system\/x\.json: \/fields\/0\/type: must be one of "string"/);
    expect(problem({ ...position, colour: 'red' })).toBe('schemas/system/x.json: /: unknown property "colour"');
    expect(problem({ ...position, table: 'sys_position; drop' })).toMatch(/: \/table: must match pattern/);
    expect(problem({ ...position, fields: [position.fields[0], position.fields[0]] })).toBe('schemas/system/x.json: /fields/1/name: duplicate field "code"');
    expect(problem({ ...position, fields: [{ name: 'createTime', label: 'x', type: 'date', form: false }] })).toMatch(/"createTime" is a system field filled by the engine/);
    expect(problem({ ...position, fields: [{ name: 'createTime', label: 'x', type: 'datetime', form: true }] })).toMatch(/system field/);
    expect(problem({ ...position, fields: [{ name: 'id', label: 'x', type: 'string', form: false }] })).toMatch(/system field/);
    expect(problem({ ...position, fields: [{ name: 'createTime', label: '创建时间', type: 'datetime', form: false, query: 'group', list: true }] })).toBe('ok');
    expect(problem({ ...position, fields: [{ ...position.fields[1], dict: { table: 'sys_user' } }] })).toMatch(/\/fields\/0\/dict: needs a code/);
    expect(problem({ ...position, fields: [{ ...position.fields[0], pattern: '([' }] })).toMatch(/not a valid regular expression/);
    expect(problem({ ...position, kind: 'tree' })).toMatch(/\/tree: a tree page needs/);
    expect(problem({ ...position, defaultSort: { column: 'nope', order: 'asc' } })).toMatch(/\/defaultSort\/column: field "nope" is not declared/);
  });
});

describe('checkSchemaSet', () => {
  const user = {
    code: 'sys_user', title: '用户', table: 'sys_user', api: '/sys/user', permission: 'system:user',
    fields: [{ name: 'username', label: '账号', type: 'string' }, { name: 'password', label: '密码', type: 'string', sensitive: true }],
  } as PageSchema;

  it('refuses a table dictionary on an undeclared table or a sensitive column', () => {
    const p = { ...position, fields: [{ ...position.fields[1], dict: { table: 'sys_role', text: 'roleName', value: 'id' } }] } as PageSchema;
    expect(() => checkSchemaSet([{ schema: p, source: 'p.json' }])).toThrow('p.json: /fields/0/dict/table: table "sys_role" is not declared by any schema');
    const leak = { ...position, fields: [{ ...position.fields[1], dict: { table: 'sys_user', text: 'password', value: 'id' } }] } as PageSchema;
    expect(() => checkSchemaSet([{ schema: user, source: 'u.json' }, { schema: leak, source: 'p.json' }])).toThrow(/sensitive/);
  });

  it('keeps a personal column to its own page: another page may not translate, store or show it through a dictionary', () => {
    const contacts = { ...user, fields: [...user.fields, { name: 'realname', label: '姓名', type: 'string' }, { name: 'phone', label: '手机号', type: 'string', personal: true }] } as PageSchema;
    const phoneByName = { table: 'sys_user', text: 'phone', value: 'username' };
    const other = { ...position, fields: [{ ...position.fields[1], dict: phoneByName }] } as PageSchema;
    expect(() => checkSchemaSet([{ schema: contacts, source: 'u.json' }, { schema: other, source: 'p.json' }]))
      .toThrow('p.json: /fields/0/dict/text: "phone" is personal data of sys_user: no other page may read it through a dictionary');
    const storesPhone = { ...position, fields: [{ ...position.fields[0], view: 'sel_user', extend: { store: 'phone' } }] } as PageSchema;
    expect(() => checkSchemaSet([{ schema: contacts, source: 'u.json' }, { schema: storesPhone, source: 'p.json' }])).toThrow(/personal data of sys_user/);
    const own = { ...contacts, fields: [...contacts.fields, { name: 'backup', label: '备用', type: 'string', dict: phoneByName }] } as PageSchema;
    expect(() => checkSchemaSet([{ schema: own, source: 'u.json' }])).not.toThrow();
    expect(checkPageSchema({ ...position, fields: [{ ...position.fields[1], personal: true }] }, 'x.json').fields[0].personal).toBe(true);
    expect(() => checkPageSchema({ ...position, fields: [{ ...position.fields[1], personal: 'yes' }] }, 'x.json')).toThrow(/\/fields\/0\/personal: must be boolean/);
  });

  it('a personal page (a log whose rows are personal as a whole): every column is personal, and the mark is a boolean', () => {
    const log = { ...position, code: 'sys_log', table: 'sys_log', api: '/sys/log', permission: 'system:log', personal: true } as PageSchema;
    expect(checkPageSchema(log, 'x.json').personal).toBe(true);
    expect(() => checkPageSchema({ ...log, personal: 'yes' }, 'x.json')).toThrow(/\/personal: must be boolean/);
    const byLog = { ...position, code: 'p', table: 'p', fields: [{ ...position.fields[1], dict: { table: 'sys_log', text: 'code', value: 'code' } }] } as PageSchema;
    expect(() => checkSchemaSet([{ schema: log, source: 'l.json' }, { schema: byLog, source: 'p.json' }]))
      .toThrow('p.json: /fields/0/dict/text: "code" is personal data of sys_log: no other page may read it through a dictionary');
  });

  it('refuses duplicate codes and API paths', () => {
    const p = position as PageSchema;
    expect(() => checkSchemaSet([{ schema: p, source: 'a.json' }, { schema: { ...p, table: 'other' }, source: 'b.json' }])).toThrow('b.json: /code: "sys_position" is also declared in a.json');
  });
});
