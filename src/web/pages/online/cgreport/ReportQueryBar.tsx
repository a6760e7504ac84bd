import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import { Fragment, useState, type ReactNode } from 'react';
import { QUERY_GRID } from '../../../renderer/QueryBar';
import type { ReportColumns, ReportParamInfo, ReportQueryItem } from './api';
import { paramKey, reportQuery } from './report-query';

interface Props {
  items: ReportQueryItem[];
  params: ReportParamInfo[];
  dictOptions: ReportColumns['dictOptions'];
  onSearch: (query: Record<string, string>) => void;
}

/** A cell of the bar's grid (the schema pages' query bar's: as many columns as the bar's width holds). */
const cell = (key: string, children: ReactNode) => <Fragment key={key}>{children}</Fragment>;

/**
 * A report's query bar: its search fields (a select over the column's dictionary, two inputs for a
 * range, else an input; those after the third behind 展开) and its parameters, prefilled with their defaults.
 */
export function ReportQueryBar({ items, params, dictOptions, onSearch }: Props) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [expanded, setExpanded] = useState(false);
  if (!items.length && !params.length) return null;
  const collapsible = items.some((i) => i.hidden === '1');
  const shown = expanded ? items : items.filter((i) => i.hidden !== '1');
  const search = () => onSearch(reportQuery(items, params, form.getFieldsValue(true)));
  const reset = () => { form.resetFields(); onSearch({}); };

  const input = (i: ReportQueryItem) => {
    if (i.mode === 'group') {
      return (
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item noStyle name={`${i.field}_begin`}><Input aria-label={`${i.label}开始`} placeholder="开始" allowClear /></Form.Item>
          <Form.Item noStyle name={`${i.field}_end`}><Input aria-label={`${i.label}结束`} placeholder="结束" allowClear /></Form.Item>
        </Space.Compact>
      );
    }
    const options = dictOptions[i.field];
    return (
      <Form.Item noStyle name={i.field}>
        {options
          ? <Select aria-label={i.label} placeholder={`请选择${i.label}`} allowClear options={options.map((o) => ({ value: String(o.value), label: o.text }))} />
          : <Input aria-label={i.label} placeholder={`请输入${i.label}`} allowClear />}
      </Form.Item>
    );
  };

  return (
    <Form form={form} onFinish={search} initialValues={Object.fromEntries(params.map((p) => [paramKey(p), p.paramValue ?? '']))}>
      <div className="schema-query-grid" style={QUERY_GRID}>
        {shown.map((i) => cell(i.field, <Form.Item label={i.label}>{input(i)}</Form.Item>))}
        {params.map((p) => cell(paramKey(p), (
          <Form.Item label={p.paramTxt || p.paramName} name={paramKey(p)}><Input aria-label={p.paramTxt || p.paramName} placeholder={`请输入${p.paramTxt || p.paramName}`} allowClear /></Form.Item>
        )))}
        {cell('__buttons', (
          <Space style={{ marginBottom: 24 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>查询</Button>
            <Button icon={<ReloadOutlined />} onClick={reset}>重置</Button>
            {collapsible && <a onClick={() => setExpanded(!expanded)}>{expanded ? <>收起 <UpOutlined /></> : <>展开 <DownOutlined /></>}</a>}
          </Space>
        ))}
      </div>
    </Form>
  );
}
