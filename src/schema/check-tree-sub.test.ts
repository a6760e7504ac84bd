import { describe, expect, it } from 'vitest';
import { checkPageSchema, checkSchemaSet, SchemaError } from './check';
import type { PageSchema } from './types';

const order = {
  code: 'demoOrder', title: '订单', table: 'demo_order', api: '/demo/order', kind: 'main', permission: 'demo:order',
  subTables: [{ code: 'demoOrderLine', foreignKey: 'orderId' }],
  fields: [{ name: 'orderNo', label: '订单号', type: 'string' }],
} as PageSchema;
const line = {
  code: 'demoOrderLine', title: '明细', table: 'demo_order_line', api: '/demo/orderLine', kind: 'sub',
  fields: [{ name: 'orderId', label: '订单', type: 'string' }, { name: 'qty', label: '数量', type: 'int' }],
} as PageSchema;

const setProblem = (...schemas: PageSchema[]) => {
  try {
    checkSchemaSet(schemas.map((schema) => ({ schema, source: `${schema.code}.json` })));
  } catch (e) {
    if (e instanceof SchemaError) return e.message;
    throw e;
  }
  return 'ok';
};

const pageProblem = (schema: PageSchema) => {
  try {
    checkPageSchema(JSON.parse(JSON.stringify(schema)), 'x.json');
  } catch (e) {
    if (e instanceof SchemaError) return e.message;
    throw e;
  }
  return 'ok';
};

describe('a sub page naming its main table', () => {
  it('accepts its own column as the foreign key and refuses the rest, naming the path', () => {
    expect(pageProblem({ ...line, main: { table: 'demo_order', foreignKey: 'orderId', display: 'tabs' } })).toBe('ok');
    expect(pageProblem({ ...line, main: { table: 'demo_order', foreignKey: 'nope' } })).toMatch(/\/main\/foreignKey.*"nope" is not declared/);
    expect(pageProblem({ ...line, main: { table: 'demo_order_line', foreignKey: 'orderId' } })).toMatch(/\/main\/table.*its own main table/);
    expect(pageProblem({ ...line, kind: 'single', main: { table: 'demo_order', foreignKey: 'orderId' } })).toMatch(/\/main.*only a page of kind "sub"/);
  });
});

describe('sub table checks', () => {
  it('accepts a main page whose sub tables are sub pages with the foreign key column', () => {
    expect(setProblem(order, line)).toBe('ok');
  });

  it('names the problem: missing, not a sub page, missing or virtual foreign key, listed twice', () => {
    expect(setProblem(order)).toBe('demoOrder.json: /subTables/0/code: schema "demoOrderLine" is not declared');
    expect(setProblem(order, { ...line, kind: 'single' })).toBe('demoOrder.json: /subTables/0/code: schema "demoOrderLine" must be of kind "sub"');
    expect(setProblem({ ...order, subTables: [{ code: 'demoOrderLine', foreignKey: 'mainId' }] }, line))
      .toBe('demoOrder.json: /subTables/0/foreignKey: "mainId" is not a column of demoOrderLine');
    const virtualFk = { ...line, fields: [{ name: 'orderId', label: '订单', type: 'string', virtual: true }] } as PageSchema;
    expect(setProblem(order, virtualFk)).toBe('demoOrder.json: /subTables/0/foreignKey: "orderId" is not a column of demoOrderLine');
    expect(setProblem({ ...order, subTables: [order.subTables![0], order.subTables![0]] }, line)).toBe('demoOrder.json: /subTables/1/code: sub table "demoOrderLine" is listed twice');
  });

  it('keeps sub tables to main pages, and a main page has at least one', () => {
    expect(setProblem({ ...order, kind: 'single' }, line)).toBe('demoOrder.json: /subTables: only a page of kind "main" has sub tables');
    expect(setProblem({ ...order, subTables: [] }, line)).toBe('demoOrder.json: /subTables: a main page needs at least one sub table');
    const clash = { ...order, fields: [...order.fields, { name: 'demoOrderLineList', label: 'x', type: 'string' }] } as PageSchema;
    expect(setProblem(clash, line)).toBe('demoOrder.json: /subTables/0/code: field "demoOrderLineList" would collide with the sub table\'s rows in the body');
  });
});

describe('tree checks', () => {
  const tree = {
    code: 'cat', title: '分类', table: 'cat', api: '/cat', kind: 'tree', tree: { pidField: 'pid', hasChildField: 'hasChild', textField: 'name' },
    fields: [{ name: 'name', label: '名称', type: 'string' }, { name: 'pid', label: '父级', type: 'string' }, { name: 'hasChild', label: '有子节点', type: 'string', length: 3 }],
  };
  const problem = (doc: unknown) => {
    try {
      checkPageSchema(doc, 'cat.json');
    } catch (e) {
      if (e instanceof SchemaError) return e.message;
      throw e;
    }
    return 'ok';
  };

  it('needs declared, non-virtual columns and a text has-child flag', () => {
    expect(problem(tree)).toBe('ok');
    expect(problem({ ...tree, tree: { ...tree.tree, pidField: 'parent' } })).toBe('cat.json: /tree/pidField: field "parent" is not declared');
    expect(problem({ ...tree, fields: [tree.fields[0], { ...tree.fields[1], virtual: true }, tree.fields[2]] })).toBe('cat.json: /tree/pidField: field "pid" is virtual, not a column');
    expect(problem({ ...tree, fields: [tree.fields[0], tree.fields[1], { ...tree.fields[2], type: 'int' }] }))
      .toBe('cat.json: /tree/hasChildField: field "hasChild" must be of type "string" (it holds \'1\' or \'0\')');
  });
});
