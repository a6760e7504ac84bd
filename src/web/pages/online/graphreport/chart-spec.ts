import type { G2Spec } from '@antv/g2';
import type { ReportQueryItem } from '../cgreport/api';

/**
 * What a graph report draws, as plain data: the head's types and template become panels, and the
 * rows become G2 options per panel. No drawing here (the page hands the options to G2Chart), so the
 * choices are testable without a canvas.
 */

export type GraphType = 'bar' | 'line' | 'pie' | 'table';
export type PanelKind = GraphType | 'combination';
/** The panels G2 draws (a table panel is an antd table). */
export type ChartKind = Exclude<PanelKind, 'table'>;
type Row = Record<string, unknown>;

export interface GraphHead {
  id: string;
  name: string;
  graphType?: string;
  displayTemplate?: string;
  xaxisField: string;
  yaxisField: string;
  yaxisText?: string | null;
  isShowList?: string | null;
  content?: string | null;
}

export interface GraphItem {
  fieldName: string;
  fieldTxt?: string | null;
  isShow?: string | null;
  dictCode?: string | null;
  fieldType?: string | null;
  searchFlag?: string | null;
  searchMode?: string | null;
}

export interface DictOption { value: string; text: string }

/** The answer of getChartsData (contract §10.3). */
export interface ChartsData {
  head: GraphHead;
  data: Row[];
  items: GraphItem[];
  dictOptions: Record<string, DictOption[]>;
}

export const GRAPH_TYPE_TEXT: Record<PanelKind, string> = { bar: '柱状图', line: '折线图', pie: '饼图', table: '数据表', combination: '组合图' };
const GRAPH_TYPES = new Set<string>(['bar', 'line', 'pie', 'table']);

/** The chosen types in the head's order, known ones only; none chosen draws a bar chart. */
export function graphTypes(head: GraphHead): GraphType[] {
  const types = [...new Set(String(head.graphType ?? '').split(',').map((s) => s.trim()).filter((t) => GRAPH_TYPES.has(t)))] as GraphType[];
  return types.length ? types : ['bar'];
}

export const seriesFields = (head: GraphHead): string[] => String(head.yaxisField ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** A field's caption: its item's text, else (for a lone series) the y-axis text, else its name. */
export function fieldText(field: string, chart: Pick<ChartsData, 'head' | 'items'>): string {
  const txt = chart.items.find((i) => i.fieldName === field)?.fieldTxt;
  if (txt) return txt;
  if (seriesFields(chart.head).length === 1 && field !== chart.head.xaxisField && chart.head.yaxisText) return chart.head.yaxisText;
  return field;
}

/** A cell as people read it: a dictionary value as its text. */
export function cellText(field: string, value: unknown, dictOptions: ChartsData['dictOptions']): string {
  if (value === null || value === undefined) return '';
  const options = dictOptions[field];
  if (!options) return String(value);
  return String(value).split(',').map((v) => options.find((o) => String(o.value) === v)?.text ?? v).join(',');
}

const numberOf = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

export interface SeriesPoint { x: string; series: string; value: number | null }

/** One point per row and series field (the long form G2 colours by series), x as its text. */
export function seriesPoints(chart: ChartsData, fields = seriesFields(chart.head)): SeriesPoint[] {
  const x = chart.head.xaxisField;
  return chart.data.flatMap((row) => fields.map((f) => ({ x: cellText(x, row[x], chart.dictOptions), series: fieldText(f, chart), value: numberOf(row[f]) })));
}

export interface ChartPanel { key: string; kind: PanelKind; title: string }

export type Layout = 'tabs' | 'single' | 'grid';

/**
 * The display template: `tab` one tab per chosen type, `single` the first type only, `double` two
 * panels per row, `combination` bar and line in one chart (then pie and table, when chosen, below).
 */
export function chartPanels(head: GraphHead): { layout: Layout; panels: ChartPanel[] } {
  const panel = (kind: PanelKind): ChartPanel => ({ key: kind, kind, title: GRAPH_TYPE_TEXT[kind] });
  const types = graphTypes(head);
  switch (head.displayTemplate) {
    case 'single': return { layout: 'single', panels: [panel(types[0])] };
    case 'double': return { layout: 'grid', panels: types.map(panel) };
    case 'combination': return { layout: 'grid', panels: [panel('combination'), ...types.filter((t) => t === 'pie' || t === 'table').map(panel)] };
    default: return { layout: 'tabs', panels: types.map(panel) };
  }
}

const axes = (chart: ChartsData) => ({
  x: { title: fieldText(chart.head.xaxisField, chart) },
  y: { title: chart.head.yaxisText || false },
});

const barMark = (data: SeriesPoint[]) => ({
  type: 'interval', data, encode: { x: 'x', y: 'value', color: 'series' }, transform: [{ type: 'dodgeX' }],
});
const lineMarks = (data: SeriesPoint[]) => [
  { type: 'line', data, encode: { x: 'x', y: 'value', color: 'series' }, style: { lineWidth: 2 } },
  { type: 'point', data, encode: { x: 'x', y: 'value', color: 'series' }, tooltip: false },
];

/** G2 options of one chart panel (a table panel has none: the page draws it as a table). */
export function chartSpec(kind: ChartKind, chart: ChartsData): G2Spec {
  const fields = seriesFields(chart.head);
  if (kind === 'pie') {
    // A pie has one measure: the first series field, one slice per x value.
    const data = seriesPoints(chart, fields.slice(0, 1)).filter((p) => p.value !== null);
    return {
      type: 'interval', data, encode: { y: 'value', color: 'x' }, transform: [{ type: 'stackY' }],
      coordinate: { type: 'theta', outerRadius: 0.8 }, legend: { color: { position: 'right' } },
      labels: [{ text: 'value', position: 'outside' }], tooltip: { title: 'x', items: [{ field: 'value', name: fieldText(fields[0], chart) }] },
    } as G2Spec;
  }
  const points = seriesPoints(chart);
  if (kind === 'bar') return { ...barMark(points), axis: axes(chart) } as G2Spec;
  if (kind === 'line') return { type: 'view', axis: axes(chart), children: lineMarks(points) } as G2Spec;
  // Combination: the first series as bars, the others as lines; a lone series is drawn both ways.
  const bars = seriesPoints(chart, fields.slice(0, 1));
  const lines = fields.length > 1 ? seriesPoints(chart, fields.slice(1)) : bars;
  return { type: 'view', axis: axes(chart), children: [barMark(bars), ...lineMarks(lines)] } as G2Spec;
}

/** Columns of the table view and the detail list: the shown items in order, else the axis fields. */
export function tableColumns(chart: Pick<ChartsData, 'head' | 'items'>): { field: string; title: string }[] {
  const shown = chart.items.filter((i) => i.isShow !== 'N');
  const fields = shown.length ? shown.map((i) => i.fieldName) : [chart.head.xaxisField, ...seriesFields(chart.head)];
  return fields.map((field) => ({ field, title: fieldText(field, chart) }));
}

/**
 * The graph's search bar: its items marked 查询 (search_flag Y), as the report query bar takes them
 * (a dictionary is a select, a String field matches a substring, a range mode two inputs).
 */
export function searchItems(chart: Pick<ChartsData, 'items'>): ReportQueryItem[] {
  return chart.items.filter((i) => i.searchFlag === 'Y').map((i) => ({
    field: i.fieldName, label: i.fieldTxt || i.fieldName, mode: i.searchMode === 'group' ? 'group' : 'single',
    view: (i.fieldType ?? 'String') === 'String' ? 'string' : String(i.fieldType).toLowerCase(), ...(i.dictCode ? { dictCode: i.dictCode } : {}),
  }));
}
