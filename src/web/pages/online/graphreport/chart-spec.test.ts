import { describe, expect, it } from 'vitest';
import { cellText, chartPanels, chartSpec, graphTypes, seriesPoints, tableColumns, type ChartsData, type GraphHead } from './chart-spec';

const head = (more: Partial<GraphHead> = {}): GraphHead => ({
  id: 'g1', name: '销售图表', graphType: 'bar,line,pie,table', displayTemplate: 'tab', xaxisField: 'level', yaxisField: 'amount,price', yaxisText: '金额', ...more,
});
const chart = (more: Partial<GraphHead> = {}, extra: Partial<ChartsData> = {}): ChartsData => ({
  head: head(more),
  data: [{ level: 'H', amount: 35, price: '7' }, { level: 'L', amount: 10, price: null }],
  items: [{ fieldName: 'level', fieldTxt: '级别', dictCode: 'priority' }, { fieldName: 'amount', fieldTxt: '金额合计' }, { fieldName: 'price', fieldTxt: '单价合计', isShow: 'N' }],
  dictOptions: { level: [{ value: 'H', text: '紧急' }, { value: 'L', text: '一般' }] },
  ...extra,
});

describe('graph types and display templates', () => {
  it('reads the chosen types in order, drops unknown ones, and falls back to a bar chart', () => {
    expect(graphTypes(head({ graphType: 'pie, bar,pie,radar' }))).toEqual(['pie', 'bar']);
    expect(graphTypes(head({ graphType: '' }))).toEqual(['bar']);
  });

  it('tab: one tab per type; single: the first type; double: every type in a grid', () => {
    expect(chartPanels(head())).toEqual({ layout: 'tabs', panels: [
      { key: 'bar', kind: 'bar', title: '柱状图' }, { key: 'line', kind: 'line', title: '折线图' },
      { key: 'pie', kind: 'pie', title: '饼图' }, { key: 'table', kind: 'table', title: '数据表' },
    ] });
    expect(chartPanels(head({ displayTemplate: 'single', graphType: 'line,bar' }))).toEqual({ layout: 'single', panels: [{ key: 'line', kind: 'line', title: '折线图' }] });
    expect(chartPanels(head({ displayTemplate: 'double', graphType: 'pie,bar' })).layout).toBe('grid');
    expect(chartPanels(head({ displayTemplate: 'double', graphType: 'pie,bar' })).panels.map((p) => p.kind)).toEqual(['pie', 'bar']);
  });

  it('combination: bar and line in one chart, then pie and table when chosen', () => {
    expect(chartPanels(head({ displayTemplate: 'combination' })).panels.map((p) => p.kind)).toEqual(['combination', 'pie', 'table']);
    expect(chartPanels(head({ displayTemplate: 'combination', graphType: 'bar' })).panels.map((p) => p.title)).toEqual(['组合图']);
  });
});

describe('rows to G2 options', () => {
  it('makes one point per row and series, x as its dictionary text, series by item text, values as numbers', () => {
    expect(seriesPoints(chart())).toEqual([
      { x: '紧急', series: '金额合计', value: 35 }, { x: '紧急', series: '单价合计', value: 7 },
      { x: '一般', series: '金额合计', value: 10 }, { x: '一般', series: '单价合计', value: null },
    ]);
  });

  it('bar: dodged intervals coloured by series, axis titles from the x item and the y-axis text', () => {
    const spec = chartSpec('bar', chart()) as any;
    expect(spec).toMatchObject({ type: 'interval', encode: { x: 'x', y: 'value', color: 'series' }, transform: [{ type: 'dodgeX' }], axis: { x: { title: '级别' }, y: { title: '金额' } } });
    expect(new Set(spec.data.map((p: any) => p.series))).toEqual(new Set(['金额合计', '单价合计']));
  });

  it('line: one line (with its points) per series', () => {
    const spec = chartSpec('line', chart()) as any;
    expect(spec.type).toBe('view');
    expect(spec.children.map((c: any) => [c.type, c.encode.color])).toEqual([['line', 'series'], ['point', 'series']]);
    expect(spec.children[0].data).toHaveLength(4);
  });

  it('pie: the first series only, one slice per x value, on a theta coordinate', () => {
    const spec = chartSpec('pie', chart()) as any;
    expect(spec).toMatchObject({ type: 'interval', encode: { y: 'value', color: 'x' }, transform: [{ type: 'stackY' }], coordinate: { type: 'theta' } });
    expect(spec.data).toEqual([{ x: '紧急', series: '金额合计', value: 35 }, { x: '一般', series: '金额合计', value: 10 }]);
  });

  it('combination: the first series as bars and the others as lines; a lone series both ways', () => {
    const spec = chartSpec('combination', chart()) as any;
    expect(spec.children.map((c: any) => c.type)).toEqual(['interval', 'line', 'point']);
    expect(new Set(spec.children[0].data.map((p: any) => p.series))).toEqual(new Set(['金额合计']));
    expect(new Set(spec.children[1].data.map((p: any) => p.series))).toEqual(new Set(['单价合计']));
    const lone = chartSpec('combination', chart({ yaxisField: 'amount' })) as any;
    expect(lone.children[0].data).toEqual(lone.children[1].data);
  });

  it('a lone series without an item is named by the y-axis text; an axis without one hides its title', () => {
    const spec = chartSpec('bar', chart({ yaxisField: 'total', yaxisText: '总额' }, { items: [], data: [{ level: 'H', total: 3 }] })) as any;
    expect(spec.data).toEqual([{ x: '紧急', series: '总额', value: 3 }]);
    expect(spec.axis).toEqual({ x: { title: 'level' }, y: { title: '总额' } });
    expect((chartSpec('bar', chart({ yaxisText: '' })) as any).axis.y.title).toBe(false);
  });
});

describe('table view', () => {
  it('shows the shown items in order with their texts, else the axis fields', () => {
    expect(tableColumns(chart())).toEqual([{ field: 'level', title: '级别' }, { field: 'amount', title: '金额合计' }]);
    expect(tableColumns(chart({}, { items: [] }))).toEqual([{ field: 'level', title: 'level' }, { field: 'amount', title: 'amount' }, { field: 'price', title: 'price' }]);
  });

  it('turns dictionary values (also comma lists) into texts', () => {
    const { dictOptions } = chart();
    expect(cellText('level', 'H,L', dictOptions)).toBe('紧急,一般');
    expect(cellText('level', 'X', dictOptions)).toBe('X');
    expect(cellText('amount', 0, dictOptions)).toBe('0');
    expect(cellText('amount', null, dictOptions)).toBe('');
  });
});
