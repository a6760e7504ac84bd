import { FormItem } from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { Button, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useMemo, useState, type ComponentType } from 'react';
import { encodeQuery, type QueryItem } from '../../schema/query-bar';
import { widgetOf } from '../widgets';
import { choosePlaceholder } from '../widgets/placeholder';

/** Items shown before "展开" (expand) is pressed. */
const COLLAPSED_COUNT = 3;

/**
 * As many columns as the bar's own width holds, each at least wide enough for a label of six
 * characters beside its input: in a drawer as on a page (the viewport's breakpoints cut a drawer's
 * labels to 是否… where the page has room). A range (two inputs) takes two columns where the bar has
 * them (SchemaList.css), so its placeholders read 开始日期 → 结束日期, not 开始… → 结束….
 */
export const QUERY_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', columnGap: 24 } as const;

/** Every label the same width (six characters and the colon), whatever its cell's: ranges' labels line up with the others'. */
const LABEL_WIDTH = 96;

interface PairProps { value?: unknown[]; onChange?: (v: unknown[]) => void; component: ComponentType<Record<string, unknown>>; [key: string]: unknown }

/** A range for a view that has no range input of its own: two of its inputs side by side. */
function PairRange({ value = [], onChange, component: Input, 'aria-label': label, ...rest }: PairProps) {
  const [a, b] = value;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input {...rest} aria-label={`${label}（起）`} value={a} onChange={(v: unknown) => onChange?.([eventValue(v), b])} />
      <Input {...rest} aria-label={`${label}（止）`} value={b} onChange={(v: unknown) => onChange?.([a, eventValue(v)])} />
    </Space.Compact>
  );
}

const eventValue = (v: unknown) => (v && typeof v === 'object' && 'target' in v ? (v as { target: { value: unknown } }).target.value : v);

function inputOf(item: QueryItem): [ComponentType<Record<string, unknown>>, Record<string, unknown>] {
  const def = widgetOf(item.view);
  const props: Record<string, unknown> = { ...item.extend, dict: item.dict, 'aria-label': item.label, placeholder: item.mode === 'group' ? undefined : item.textual || item.view === 'number' ? `请输入${item.label}` : choosePlaceholder(item.label) };
  if (item.mode === 'group') return def.range ? [def.range, props] : [PairRange as never, { ...props, component: def.query ?? def.component }];
  return [def.query ?? def.component, props];
}

export interface QueryBarProps {
  items: QueryItem[];
  /** The encoded parameters of the list grammar. */
  onSearch: (params: Record<string, string>) => void;
  /** Values the bar opens with (the schema's or its view's `initialQuery`). */
  initialValues?: Record<string, string>;
}

/** A page's query bar: one input per query field, collapsible, sending the list grammar's encodings. */
export function QueryBar({ items, onSearch, initialValues }: QueryBarProps) {
  const form = useMemo(() => createForm({ initialValues }), [initialValues]);
  const [expanded, setExpanded] = useState(false);
  if (!items.length) return null;
  const shown = expanded ? items : items.slice(0, COLLAPSED_COUNT);
  const search = () => onSearch(encodeQuery(items, JSON.parse(JSON.stringify(form.values))));
  const reset = () => { void form.reset('*', { forceClear: true }); onSearch({}); };
  return (
    <FormProvider form={form}>
      <form className="schema-query-bar" onSubmit={(e) => { e.preventDefault(); search(); }}>
        <div className="schema-query-grid" style={QUERY_GRID}>
          {shown.map((item) => {
            const [component, props] = inputOf(item);
            const className = item.mode === 'group' ? 'schema-query-range' : undefined;
            return <Field key={item.field} name={item.field} title={item.label} decorator={[FormItem, { labelWidth: LABEL_WIDTH, className }]} component={[component, props]} />;
          })}
          <Space style={{ marginBottom: 24 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>查询</Button>
            <Button icon={<ReloadOutlined />} onClick={reset}>重置</Button>
            {items.length > COLLAPSED_COUNT && (
              <Button type="link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>{expanded ? <>收起 <UpOutlined /></> : <>展开 <DownOutlined /></>}</Button>
            )}
          </Space>
        </div>
      </form>
    </FormProvider>
  );
}
