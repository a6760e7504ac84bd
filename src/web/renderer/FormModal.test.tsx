// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, expect, it } from 'vitest';
import { compileForm, compileMainForm } from '../../schema/form';
import type { FieldSchema, PageSchema } from '../../schema/types';
import { CHUNK_PAST, chunksOf, FormModal } from './FormModal';

const fields = (n: number): FieldSchema[] => Array.from({ length: n }, (_, i) => ({ name: `f${i + 1}`, label: `字段${i + 1}`, type: 'string', view: 'text' }));
const page = (n: number): PageSchema => ({ code: 'long', title: '长表单', table: 'long', api: '/long', fields: fields(n) });

afterEach(cleanup);

it('draws a form of up to CHUNK_PAST fields as one, a longer one in chunks of its fields in order', () => {
  expect(chunksOf(compileForm(page(CHUNK_PAST), 'add') as never)).toBeNull();
  const chunks = chunksOf(compileForm(page(230), 'add') as never)!;
  expect(chunks.map((c) => Object.keys(c.properties!).length)).toEqual([50, 50, 50, 50, 30]);
  expect(chunks.flatMap((c) => Object.keys(c.properties!))).toEqual(fields(230).map((f) => f.name));
  // A main form's sub tables in tabs come last, as before.
  const sub = { schema: { code: 'm', title: '成员', table: 'm', fields: fields(2) }, foreignKey: 'pid', display: 'tabs' as const };
  const main = chunksOf(compileMainForm(page(120), [sub], 'add') as never)!;
  expect(main.flatMap((c) => Object.keys(c.properties!)).at(-1)).toBe('__tabs');
});

it('renders every field of a long form, in chunks, with its own name', () => {
  render(<App><FormModal schema={page(120)} mode="add" record={null} onClose={() => {}} /></App>);
  const chunks = document.querySelectorAll('.schema-form-chunk');
  expect(chunks).toHaveLength(3);
  expect(chunks[2].querySelectorAll('input')).toHaveLength(20);
  expect([...document.querySelectorAll('.ant-formily-item-label')].map((l) => l.textContent?.replace(/[:：\s]/g, ''))).toEqual(fields(120).map((f) => f.label));
});
