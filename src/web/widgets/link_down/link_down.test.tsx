// @vitest-environment happy-dom
import { createForm, type Form } from '@formily/core';
import { Field, FormProvider, ObjectField } from '@formily/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { widgetOf } from '../registry';
import { LinkDownSelect } from './LinkDownSelect';
import './index';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);

/** Rows of an area table: the stored value (code) differs from the id the children point at. */
const AREAS = [
  { id: '1', pid: '0', code: 'P1', name: '浙江', kind: 'p' }, { id: '2', pid: '0', code: 'P2', name: '江苏', kind: 'p' },
  { id: '9', pid: '0', code: 'X9', name: '海外', kind: 'x' },
  { id: '11', pid: '1', code: 'C11', name: '杭州' }, { id: '12', pid: '1', code: 'C12', name: '宁波' }, { id: '21', pid: '2', code: 'C21', name: '南京' },
  { id: '111', pid: '11', code: 'A111', name: '西湖区' }, { id: '112', pid: '11', code: 'A112', name: '上城区' }, { id: '211', pid: '21', code: 'A211', name: '玄武区' },
];

/** querySelectOptions as the server answers it: first level without pidValue (filtered by condition), else children of pidValue. */
function serve() {
  get.mockImplementation(async (url: string, params?: object) => {
    if (url !== '/online/cgform/api/querySelectOptions') throw new Error(`unexpected ${url}`);
    const p = params as Record<string, string>;
    const cond = p.condition ? JSON.parse(p.condition) as Record<string, string> : {};
    const rows = AREAS.filter((r) => r.pid === (p.pidValue ?? '0') && Object.entries(cond).every(([k, v]) => (r as Record<string, string>)[k] === v));
    return { success: true, result: rows.map((r) => ({ store: r.code, label: r.name, id: r.id, pid: r.pid })) } as never;
  });
}
const asked = () => get.mock.calls.map(([, p]) => p as Record<string, string>);

const SETTINGS = { table: 'sys_area', txt: 'name', key: 'code', idField: 'id', pidField: 'pid' };
const FIRST = { ...SETTINGS, linkField: 'city,area', condition: { kind: 'p' } };

function Cascade({ city = SETTINGS as Record<string, unknown>, area = {} as Record<string, unknown>, first = FIRST as Record<string, unknown> }) {
  return (
    <>
      <Field name="province" component={[LinkDownSelect as ComponentType, first]} />
      <Field name="city" component={[LinkDownSelect as ComponentType, city]} />
      <Field name="area" component={[LinkDownSelect as ComponentType, area]} />
    </>
  );
}

function renderForm(values: Record<string, unknown> = {}, pattern?: 'readPretty', children = <Cascade />) {
  const form = createForm({ initialValues: values, readPretty: pattern === 'readPretty' });
  render(<FormProvider form={form}>{children}</FormProvider>);
  return form;
}

const selects = () => [...document.querySelectorAll('.ant-select')];
const shown = () => selects().map((s) => s.querySelector('.ant-select-selection-item')?.textContent ?? '');
async function choose(index: number, title: string) {
  fireEvent.mouseDown(selects()[index].querySelector('.ant-select-selector')!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(`.ant-select-item-option[title="${title}"]`)].pop();
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  fireEvent.click(option);
}
const optionsOf = (form: Form, name: string) => (form.query(name).take() as { dataSource?: { label: string }[] }).dataSource?.map((o) => o.label);

beforeEach(serve);
afterEach(() => { cleanup(); get.mockReset(); });

describe('link_down', () => {
  it('registers one select per level; its list cell shows the server text', () => {
    expect(widgetOf('link_down').component).toBe(LinkDownSelect);
    expect(widgetOf('link_down').cell?.('杭州', {}, undefined as never)).toBe('杭州');
  });

  it('the first level lists rows without parent meeting the condition; each choice loads the next level by the chosen row id', async () => {
    const form = renderForm();
    await waitFor(() => expect(optionsOf(form, 'province')).toEqual(['浙江', '江苏']));
    expect(asked()).toEqual([{ ...SETTINGS, condition: '{"kind":"p"}' }]);
    expect(optionsOf(form, 'city')).toEqual([]);
    await choose(0, '浙江');
    expect(form.values.province).toBe('P1');
    await waitFor(() => expect(optionsOf(form, 'city')).toEqual(['杭州', '宁波']));
    expect(asked()[1]).toEqual({ ...SETTINGS, pidValue: '1' });
    await choose(1, '杭州');
    await waitFor(() => expect(optionsOf(form, 'area')).toEqual(['西湖区', '上城区']));
    expect(asked()[2]).toEqual({ ...SETTINGS, pidValue: '11' });
    await choose(2, '上城区');
    expect(form.values).toMatchObject({ province: 'P1', city: 'C11', area: 'A112' });
    expect(shown()).toEqual(['浙江', '杭州', '上城区']);
  });

  it('choosing a level again clears every following level and reloads the next one for the new parent', async () => {
    const form = renderForm({ province: 'P1', city: 'C11', area: 'A111' });
    await waitFor(() => expect(shown()).toEqual(['浙江', '杭州', '西湖区']));
    await choose(0, '江苏');
    expect(form.values).toMatchObject({ province: 'P2', city: null, area: null });
    await waitFor(() => expect(optionsOf(form, 'city')).toEqual(['南京']));
    expect(optionsOf(form, 'area')).toEqual([]);
    expect(shown()).toEqual(['江苏', '', '']);
    await choose(1, '南京');
    await waitFor(() => expect(optionsOf(form, 'area')).toEqual(['玄武区']));
    // clearing the first level empties the rest
    await act(async () => { fireEvent.mouseDown(selects()[0].querySelector('.ant-select-clear')!); });
    expect(form.values).toMatchObject({ province: null, city: null, area: null });
    await waitFor(() => expect(optionsOf(form, 'city')).toEqual([]));
  });

  it('an edited record shows every level by its label without clearing anything', async () => {
    const form = renderForm({ province: 'P2', city: 'C21', area: 'A211' });
    await waitFor(() => expect(shown()).toEqual(['江苏', '南京', '玄武区']));
    expect(form.values).toEqual({ province: 'P2', city: 'C21', area: 'A211' });
  });

  it('read-pretty shows the labels of every level', async () => {
    renderForm({ province: 'P1', city: 'C12' }, 'readPretty');
    expect(await screen.findByText('浙江')).toBeTruthy();
    expect(await screen.findByText('宁波')).toBeTruthy();
    expect(selects()).toEqual([]);
  });

  it('a following level that repeats the whole settings is still a following level', async () => {
    const form = renderForm({}, undefined, <Cascade city={FIRST} area={FIRST} />);
    await waitFor(() => expect(optionsOf(form, 'province')).toEqual(['浙江', '江苏']));
    expect(asked()).toHaveLength(1);
    await choose(0, '江苏');
    await waitFor(() => expect(optionsOf(form, 'city')).toEqual(['南京']));
  });

  it('a following level without its first level in the form is disabled and asks nothing', async () => {
    renderForm({}, undefined, <Field name="city" component={[LinkDownSelect as ComponentType, SETTINGS]} />);
    await waitFor(() => expect(selects()[0].classList.contains('ant-select-disabled')).toBe(true));
    expect(get).not.toHaveBeenCalled();
  });

  it('cascades within one record: two rows of a sub-table do not touch each other', async () => {
    const form = renderForm({ rows: { a: { province: 'P1', city: 'C11' }, b: { province: 'P1', city: 'C12' } } }, undefined, (
      <ObjectField name="rows">
        <ObjectField name="a"><Cascade /></ObjectField>
        <ObjectField name="b"><Cascade /></ObjectField>
      </ObjectField>
    ));
    await waitFor(() => expect(shown()).toEqual(['浙江', '杭州', '', '浙江', '宁波', '']));
    await choose(0, '江苏');
    expect(form.values.rows).toMatchObject({ a: { province: 'P2', city: null }, b: { province: 'P1', city: 'C12' } });
  });
});
