// @vitest-environment happy-dom
import { FormItem } from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { compileSubTable } from '../../schema/form';
import { formComponents } from '../widgets';
import { SubArrayTable } from './SubArrayTable';

const SchemaField = createSchemaField({ components: { FormItem, ArrayTable: SubArrayTable, ...formComponents() } });
const sub = { schema: { code: 'member', title: '成员', table: 'member', fields: [{ name: 'name', label: '姓名', type: 'string' as const }] }, foreignKey: 'teamId' };

function renderRows(count: number) {
  const form = createForm({ initialValues: { memberList: Array.from({ length: count }, (_, i) => ({ name: `成员${i + 1}` })) } });
  const schema = { type: 'object', properties: { memberList: compileSubTable(sub, 'edit') } };
  return render(<FormProvider form={form}><SchemaField schema={schema as unknown as ISchema} /></FormProvider>);
}

afterEach(cleanup);

it('shows no pager for a sub table of one page, and one once its rows need it', () => {
  const short = renderRows(2);
  expect(short.container.querySelectorAll('.ant-table-row')).toHaveLength(2);
  expect(short.container.querySelector('.ant-pagination')).toBeNull();
  cleanup();
  const long = renderRows(11);
  expect(long.container.querySelectorAll('.ant-table-row')).toHaveLength(10);
  expect(long.container.querySelector('.ant-pagination')).not.toBeNull();
});
