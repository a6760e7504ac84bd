import { describe, expect, it } from 'vitest';
import { onlineColumns, onlineFormItem } from './cgform-runtime';
import type { PageSchema } from './types';

const page: PageSchema = {
  code: 'demo_case', title: '案例', table: 'demo_case', api: '/online/data/demo_case', features: { import: false, delete: false },
  fields: [
    { name: 'title', label: '标题', type: 'string', length: 100, required: true, pattern: '^\\S+$', patternMessage: '不能有空格' },
    { name: 'level', label: '级别', type: 'string', view: 'list', dict: { code: 'priority' }, default: 'M' },
    { name: 'owner', label: '负责人', type: 'string', view: 'sel_user' },
    { name: 'depart', label: '部门', type: 'string', view: 'list', dict: { table: 'sys_depart', text: 'departName', value: 'id' } },
    { name: 'amount', label: '金额', type: 'decimal', length: 12, scale: 2, view: 'number', list: false },
    { name: 'secret', label: '口令', type: 'string', view: 'password' , sensitive: true },
    { name: 'memo', label: '备注', type: 'text', view: 'textarea', form: false, ellipsis: true },
  ],
};

describe('online runtime configuration', () => {
  const items = (code: string) => (code === 'priority' ? [{ value: 'H', text: '高' }, { value: 'M', text: '中' }] : undefined);

  it('lists the list columns with their dictionaries, never a sensitive one, and the buttons switched off', () => {
    const cfg = onlineColumns(page, items);
    expect(cfg.columns.map((c) => c.dataIndex)).toEqual(['title', 'level', 'owner', 'depart', 'memo']);
    expect(cfg.columns[1]).toMatchObject({ customRender: 'level', fieldType: 'list' });
    expect(cfg.dictOptions.level).toEqual([{ value: 'H', text: '高', label: '高', title: '高' }, { value: 'M', text: '中', label: '中', title: '中' }]);
    // Table dictionaries and pickers are translated on each row: the column says where the text is.
    expect(cfg.columns[2]).toMatchObject({ dictText: 'owner_dictText' });
    expect(cfg.columns[3]).toMatchObject({ dictText: 'depart_dictText' });
    expect(cfg.columns[4]).toMatchObject({ showLength: 25, dbType: 'Text' });
    expect(cfg.hideColumns).toEqual(['delete', 'batch_delete', 'import']);
    expect(cfg).toMatchObject({ tableType: 1, description: '案例', foreignKeys: [] });
  });

  it('gives each form field its JeecgBoot item: type, default, pattern, dictionary, and the required list', () => {
    const { schema } = onlineFormItem(page, []);
    expect(Object.keys(schema.properties)).toEqual(['title', 'level', 'owner', 'depart', 'amount']);
    expect(schema.properties.title).toMatchObject({ title: '标题', view: 'text', type: 'string', order: 0, pattern: '^\\S+$', errorInfo: '不能有空格' });
    expect(schema.properties.level).toMatchObject({ dictCode: 'priority', defVal: 'M', order: 1 });
    expect(schema.properties.depart).toMatchObject({ dictTable: 'sys_depart', dictCode: 'id', dictText: 'depart_name' });
    expect(schema.properties.amount).toMatchObject({ type: 'number', dbPointLength: 2 });
    expect(schema.required).toEqual(['title']);
  });
});
