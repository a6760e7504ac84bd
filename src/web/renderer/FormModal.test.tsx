// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, expect, it, vi } from 'vitest';
import { compileForm, compileMainForm } from '../../schema/form';
import type { FieldSchema, PageSchema } from '../../schema/types';
import { leavingAsks } from '../utils/useUnsavedGuard.testing';
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
  // Each input is named by its field's label for a screen reader (WCAG 1.3.1): the drawn label is no <label for>.
  expect([...document.querySelectorAll('.ant-modal input')].map((i) => i.getAttribute('aria-label'))).toEqual(fields(120).map((f) => f.label));
});

it('keeps an edit form disabled until the stored row is in, so nothing typed there is overwritten', async () => {
  let answer!: (r: Response) => void;
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((ok) => { answer = ok; })));
  try {
    render(<App><FormModal schema={page(2)} mode="edit" record={{ id: 'r1' }} onClose={() => {}} /></App>);
    const input = () => document.querySelector<HTMLInputElement>('.ant-modal input')!;
    await waitFor(() => expect(input().disabled).toBe(true));
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-footer button')].find((b) => b.textContent?.replace(/\s/g, '') === '确定')!;
    expect(ok.disabled).toBe(true);
    answer(new Response(JSON.stringify({ success: true, code: 200, result: { id: 'r1', f1: '存的' } }), { headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(input().disabled).toBe(false));
    expect(ok.disabled).toBe(false);
    expect(input().value).toBe('存的');
  } finally {
    vi.unstubAllGlobals();
  }
});

it('asks before the browser tab is closed or reloaded while something typed is not saved, and only then', async () => {
  const { unmount } = render(<App><FormModal schema={page(2)} mode="add" record={null} onClose={() => {}} /></App>);
  expect(leavingAsks()).toBe(false);
  fireEvent.change(document.querySelector<HTMLInputElement>('.ant-modal input')!, { target: { value: '写了一半' } });
  await waitFor(() => expect(leavingAsks()).toBe(true));
  unmount();
  expect(leavingAsks()).toBe(false);

  // A detail form asks for its row (kept waiting here) and never holds the tab.
  const fetch = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetch);
  try {
    render(<App><FormModal schema={page(2)} mode="detail" record={{ id: 'r1' }} onClose={() => {}} /></App>);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(leavingAsks()).toBe(false);
  } finally {
    vi.unstubAllGlobals();
  }
});

it('shows an empty value in a detail form as 「-」, never N/A', async () => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, code: 200, result: { id: 'r1', f1: '有值', f2: '' } }), { headers: { 'content-type': 'application/json' } })));
  try {
    render(<App><FormModal schema={page(2)} mode="detail" record={{ id: 'r1' }} onClose={() => {}} /></App>);
    await waitFor(() => expect(document.querySelector('.ant-modal')?.textContent).toContain('有值'));
    const text = document.querySelector('.ant-modal-body')!.textContent!;
    expect(text).not.toContain('N/A');
    expect(text).toMatch(/字段2[:：]?\s*-/);
  } finally {
    vi.unstubAllGlobals();
  }
});
