import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../schema/types';
import { indexName, planIndexes, planText } from './index-plan';

const orders: PageSchema = {
  code: 'order', title: '订单', table: 'biz_order', api: '/biz/order', permission: 'biz:order',
  defaultSort: { column: 'orderTime', order: 'desc' },
  fields: [
    { name: 'orderNo', label: '订单号', type: 'string', unique: true, query: 'single', view: 'text' },
    { name: 'customerName', label: '客户', type: 'string', query: 'single', view: 'text', search: true },
    { name: 'status', label: '状态', type: 'string', view: 'list', dict: { code: 'order_status' }, query: 'single' },
    { name: 'orderTime', label: '下单时间', type: 'datetime', query: 'group' },
    { name: 'amount', label: '金额', type: 'decimal', query: 'group' },
    { name: 'handler', label: '经办人', type: 'string' },
    { name: 'tags', label: '标签', type: 'string', view: 'list_multi', dict: { code: 'tag' }, query: 'single' },
  ],
  rowRules: [{ role: 'sales', field: 'handler' }, { role: 'clerk', own: true, department: true }],
};

const cols = (plan: ReturnType<typeof planIndexes>) => plan.map((p) => p.columns.join(','));

describe('planIndexes', () => {
  it('puts the sort after each equality filter, and leaves text boxes, comma lists and unique columns to other means', () => {
    expect(cols(planIndexes(orders))).toEqual([
      'order_time,id', // the list's order, and the order_time range merged into it
      'handler,order_time,id',
      'create_by,order_time,id',
      'sys_org_code,order_time,id',
      'status,order_time,id',
      'amount,id',
    ]);
    const status = planIndexes(orders).find((p) => p.columns[0] === 'status')!;
    expect(status.name).toBe('ix_biz_order_status_order_time_id');
    expect(status.serves).toEqual(['query field status: where status = ? order by order_time desc']);
  });

  it('skips what a declared index already serves', () => {
    const declared = { ...orders, indexes: [{ columns: ['status', 'orderTime'] }, { columns: ['amount', 'id'] }], fields: orders.fields.map((f) => (f.name === 'handler' ? { ...f, unique: true } : f)) };
    expect(cols(planIndexes(declared))).not.toContain('handler,order_time,id'); // one row at most per handler: nothing to sort
    expect(cols(planIndexes(declared))).not.toContain('amount,id');
    expect(cols(planIndexes(declared))).toContain('status,order_time,id'); // (status, order_time) is not ordered by id
  });

  it('plans a sub table\'s foreign key, a tree\'s parent, and the columns other pages look rows up by', () => {
    const lines: PageSchema = {
      code: 'order_line', title: '明细', table: 'biz_order_line', api: '/biz/line', kind: 'sub',
      main: { table: 'biz_order', foreignKey: 'orderId' },
      fields: [{ name: 'orderId', label: '订单', type: 'string' }, { name: 'sku', label: 'SKU', type: 'string' }],
    };
    const picker: PageSchema = {
      code: 'shipment', title: '发货', table: 'biz_shipment', api: '/biz/shipment',
      fields: [{ name: 'sku', label: 'SKU', type: 'string', dict: { table: 'biz_order_line', text: 'sku', value: 'sku' } }],
      rowRules: [{ role: 'sales', via: { table: 'biz_order_line', row: 'orderId', user: 'sku' } }],
    };
    const plan = planIndexes(lines, [orders, lines, picker]);
    expect(cols(plan)).toEqual(['create_time,id', 'order_id,create_time,id', 'sku,order_id']);
    expect(plan[2].serves).toHaveLength(2); // the dictionary's `sku in (…)` and the relation's `sku = ?` share one index
    const tree: PageSchema = { ...lines, kind: 'tree', main: undefined, tree: { pidField: 'orderId', hasChildField: 'sku', textField: 'sku' } };
    expect(cols(planIndexes(tree))).toContain('order_id,create_time,id');
  });

  it('keeps names within 63 characters and distinct when cut', () => {
    const a = indexName('a_table_with_a_rather_long_name', ['first_long_column', 'second_long_column', 'id']);
    const b = indexName('a_table_with_a_rather_long_name', ['first_long_column', 'second_long_column', 'x']);
    expect(a.length).toBeLessThanOrEqual(63);
    expect(a.startsWith('ix_')).toBe(true);
    expect(a).not.toBe(b);
  });

  it('lists the searchable columns for the text index', () => {
    expect(planText(orders)).toEqual({ table: 'biz_order', columns: ['customer_name'] });
    expect(planText({ ...orders, fields: orders.fields.map((f) => ({ ...f, search: false })) })).toBeNull();
  });
});
