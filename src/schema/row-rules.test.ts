import { describe, expect, it } from 'vitest';
import { checkPageSchema, checkSchemaSet } from './check';
import { rulesFor } from './row-rules';
import type { PageSchema } from './types';

const project = {
  code: 'project', title: '项目', table: 'project', api: '/project', permission: 'pms:project',
  fields: [{ name: 'name', label: '名称', type: 'string' }, { name: 'leader', label: '负责人', type: 'string' }],
  rowRules: [
    { role: 'applicant', own: true },
    { role: 'expert', via: { table: 'project_expert', row: 'projectId', user: 'expert' } },
    { role: 'reviewer', department: true },
    { role: 'reviewer', field: 'leader' },
  ],
} as unknown as PageSchema;
const link = {
  code: 'project_expert', title: '专家分配', table: 'project_expert', api: '/projectExpert', permission: 'pms:project',
  fields: [{ name: 'projectId', label: '项目', type: 'string' }, { name: 'expert', label: '专家', type: 'string' }],
} as PageSchema;
const load = (...schemas: PageSchema[]) => checkSchemaSet(schemas.map((schema) => ({ schema, source: `${schema.code}.json` })));

describe('row rules in the schema language', () => {
  it('binds a user by the rules of their roles; the administrator and unlisted roles reach every row', () => {
    expect(rulesFor(project, ['applicant'])).toEqual([{ role: 'applicant', own: true }]);
    expect(rulesFor(project, ['reviewer'])).toHaveLength(2);
    expect(rulesFor(project, ['applicant', 'expert'])).toHaveLength(2);
    expect(rulesFor(project, ['applicant', 'admin'])).toBeNull();
    expect(rulesFor(project, ['applicant', 'finance'])).toBeNull();
    expect(rulesFor(project, [])).toEqual([]);
    expect(rulesFor({ ...project, rowRules: undefined }, ['applicant'])).toBeNull();
  });

  it('gives each rule its reach: read, transition, write (all three when not said)', () => {
    const task = {
      ...project, workflow: { field: 'state', initial: 'todo', transitions: [{ name: 'start', label: '开始', from: ['todo'], to: 'doing' }] },
      rowRules: [{ role: 'reviewer', own: true }, { role: 'reviewer', field: 'leader', reach: ['read', 'transition'] }],
    } as unknown as PageSchema;
    expect(rulesFor(task, ['reviewer'], 'read')).toHaveLength(2);
    expect(rulesFor(task, ['reviewer'], 'transition')).toHaveLength(2);
    expect(rulesFor(task, ['reviewer'], 'write')).toEqual([{ role: 'reviewer', own: true }]);
    // a role bound on the page whose rules give no write reach writes no row (not every row)
    expect(rulesFor({ ...task, rowRules: [{ role: 'reviewer', field: 'leader', reach: ['read'] }] }, ['reviewer'], 'write')).toEqual([]);
    expect(rulesFor(task, ['admin'], 'write')).toBeNull();
    expect(() => load({ ...task, rowRules: [{ role: 'reviewer', own: true, reach: ['write'] }] } as PageSchema, link)).toThrow(/reach: a rule that reaches rows for transitions or writes reaches them for reading too/);
    expect(() => load({ ...project, rowRules: [{ role: 'reviewer', own: true, reach: ['read', 'transition'] }] } as PageSchema, link)).toThrow(/reach: transitions need a workflow/);
    expect(() => checkPageSchema({ ...task, rowRules: [{ role: 'reviewer', own: true, reach: ['read', 'delete'] }] }, 'task.json')).toThrow(/task.json: \/rowRules\/0\/reach\/1/);
  });

  it('refuses rules naming what is not declared, or binding no one', () => {
    expect(() => load(project, link)).not.toThrow();
    expect(() => load(project)).toThrow('project.json: /rowRules/1/via/table: table "project_expert" is not declared by any schema');
    expect(() => load({ ...project, rowRules: [{ role: 'expert', via: { table: 'project_expert', row: 'nope', user: 'expert' } }] }, link)).toThrow(/via\/row: "nope" is not a column/);
    expect(() => load({ ...project, rowRules: [{ role: 'reviewer', field: 'missing' }] }, link)).toThrow(/rowRules\/0\/field/);
    expect(() => load({ ...project, rowRules: [{ role: 'reviewer' }] }, link)).toThrow(/needs at least one condition/);
    expect(() => load({ ...project, rowRules: [{ role: 'admin', own: true }] }, link)).toThrow(/administrator role reaches every row/);
    expect(() => load({ ...project, rowRules: [{ role: 'reviewer', states: ['submitted'] }] }, link)).toThrow(/states need a workflow/);
  });
});
