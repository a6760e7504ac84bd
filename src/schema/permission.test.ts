import { describe, expect, it } from 'vitest';
import { checkSchemaSet } from './check';
import { actionPermission } from './permission';
import type { PageSchema } from './types';

const report = {
  code: 'report', title: '报表', table: 'report', api: '/report', kind: 'main', permission: 'online:cgreport',
  subTables: [{ code: 'reportItem', foreignKey: 'headId' }],
  fields: [{ name: 'name', label: '名称', type: 'string' }],
} as PageSchema;
const item = {
  code: 'reportItem', title: '报表列', table: 'report_item', api: '/report/item', kind: 'sub',
  fields: [{ name: 'headId', label: '报表', type: 'string' }, { name: 'fieldName', label: '字段', type: 'string' }],
} as PageSchema;
const load = (...schemas: PageSchema[]) => checkSchemaSet(schemas.map((schema) => ({ schema, source: `${schema.code}.json` })));

describe('actionPermission: no write is open by omission', () => {
  it('uses the page’s own prefix for every action', () => {
    expect(actionPermission(report, 'add', [report, item])).toBe('online:cgreport:add');
    expect(actionPermission(report, 'import', [report, item])).toBe('online:cgreport:import');
  });

  it('guards a sub page without a prefix by its main page: writes edit the main row, export reads it', () => {
    for (const action of ['add', 'edit', 'delete', 'import'] as const) expect(actionPermission(item, action, [report, item])).toBe('online:cgreport:edit');
    expect(actionPermission(item, 'export', [report, item])).toBe('online:cgreport:export');
    expect(actionPermission({ ...item, permission: 'own:item' }, 'delete', [report, item])).toBe('own:item:delete');
  });

  it('refuses to load a page guarded by nothing, alone or as the sub page of an unguarded main', () => {
    expect(() => load(report, item)).not.toThrow();
    expect(() => load({ ...report, kind: 'single', subTables: undefined, permission: undefined } as PageSchema))
      .toThrow('report.json: /permission: a page needs a permission prefix');
    expect(() => load({ ...report, permission: undefined }, item)).toThrow(/report(Item)?\.json: \/permission/);
  });
});

describe('views: more pages over the same rows', () => {
  const project = {
    ...report, code: 'project', views: [{ component: 'pms/MyProjectList', title: '我的项目', features: { import: false } }], component: 'pms/AllProjectList',
  } as PageSchema;
  it('names every component drawing the page and draws each with its own title and buttons', async () => {
    const { asView, pageComponents } = await import('./permission');
    expect(pageComponents(project)).toEqual(['pms/AllProjectList', 'pms/MyProjectList']);
    expect(asView(project, 'pms/MyProjectList')).toMatchObject({ code: 'project', api: '/report', title: '我的项目', component: 'pms/MyProjectList', features: { import: false } });
    expect(asView(project, 'pms/AllProjectList')).toBe(project);
  });
});

describe('a view opens with its own query', () => {
  it('passes the view’s query to the page and refuses one on a field outside the query bar', async () => {
    const { asView } = await import('./permission');
    const { checkPageSchema } = await import('./check');
    const page = {
      code: 'p', title: '项目', table: 'p', api: '/p', permission: 'p:p', component: 'pms/All',
      fields: [{ name: 'state', label: '状态', type: 'string', query: 'single' }, { name: 'name', label: '名称', type: 'string' }],
      views: [{ component: 'pms/Audit', title: '审核', query: { state: 'submitted' } }],
    };
    expect(asView(checkPageSchema(JSON.parse(JSON.stringify(page)), 'p.json'), 'pms/Audit').initialQuery).toEqual({ state: 'submitted' });
    expect(() => checkPageSchema({ ...page, views: [{ component: 'pms/Audit', title: '审核', query: { name: 'x' } }] }, 'p.json'))
      .toThrow('p.json: /views/0/query/name: field "name" is not in the query bar');
  });
});
