import { refusalOf } from '../../../api/refusal';
import { ExportOutlined } from '@ant-design/icons';
import { App, Button, Card, Result, Space, Spin, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useState } from 'react';
import type { Row } from '../../../renderer/api';
import { saveBlob } from '../../../renderer/exportFile';
import { useList } from '../../../renderer/useList';
import type { PageProps } from '../../registry';
import { reportPageApi, type ReportColumns, type ReportParamInfo, type ReportQueryItem } from './api';
import { dictText } from './report-query';
import { ReportQueryBar } from './ReportQueryBar';

interface ReportMeta {
  columns: ReportColumns;
  query: ReportQueryItem[];
  params: ReportParamInfo[];
}


/**
 * An online report's page (/online/cgreport/:code): its query bar and parameters, its columns with
 * dictionary texts and sorting, SPEC §9 paging, and the export of everything the query finds.
 */
export default function OnlCgreportAutoList({ params }: PageProps) {
  const { message } = App.useApp();
  const code = params.code ?? '';
  const [meta, setMeta] = useState<ReportMeta | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setMeta(null);
    setError(null);
    (async () => {
      const cols = await reportPageApi.columns(code);
      if (!cols.success) throw Object.assign(new Error(cols.message), { data: cols });
      const id = cols.result.cgRpConfigId;
      const [query, stored] = await Promise.all([reportPageApi.queryInfo(id), reportPageApi.paramsInfo(id)]);
      // SPEC §8: a query info failure is the server's message as a warning; the report still shows.
      if (!query.success) void message.warning(query.message);
      if (!stored.success) void message.warning(stored.message);
      if (live) setMeta({ columns: cols.result, query: query.success ? query.result : [], params: stored.success ? stored.result : [] });
    })().catch((e) => { if (live) setError(refusalOf(e) ?? '报表加载失败'); });
    return () => { live = false; };
  }, [code, message]);

  if (error) return <Card variant="borderless"><Result status="warning" title={error} subTitle={`报表编码：${code}`} /></Card>;
  if (!meta) return <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>;
  return <ReportView meta={meta} />;
}

function ReportView({ meta: { columns: report, query, params } }: { meta: ReportMeta }) {
  const id = report.cgRpConfigId;
  const load = useCallback(async (p: Record<string, unknown>) => {
    const res = await reportPageApi.data(id, p);
    const total = res.result?.total ?? 0;
    const size = Number(p.pageSize);
    return { ...res, result: { records: res.result?.records ?? [], total, size, current: Number(p.pageNo), pages: Math.ceil(total / size) } };
  }, [id]);
  const list = useList<Row>(load);
  const sort = list.state.sort;
  const [exporting, setExporting] = useState(false);

  const columns: TableProps<Row>['columns'] = report.columns.map((c) => ({
    key: c.dataIndex,
    title: c.title,
    dataIndex: c.dataIndex,
    align: c.align ?? 'center',
    width: c.width,
    sorter: c.sorter,
    sortOrder: sort?.column === c.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (v: unknown) => dictText(report.dictOptions[c.dataIndex], v),
  }));

  const onChange: TableProps<Row>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = sorter as SorterResult<Row>;
    list.update({ pageNo: 1, sort: s.order ? { column: String(s.columnKey ?? s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined });
  };

  const exportXls = async () => {
    setExporting(true);
    try {
      saveBlob(await reportPageApi.exportXls(id, { ...list.state.query, ...(sort ? { column: sort.column, order: sort.order } : {}) }), `${report.cgRpConfigName}.xlsx`);
    } catch {
      // the request layer has shown why
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card variant="borderless" title={report.cgRpConfigName}>
      <ReportQueryBar items={query} params={params} dictOptions={report.dictOptions} onSearch={list.search} />
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<ExportOutlined />} loading={exporting} onClick={exportXls}>导出</Button>
      </Space>
      <Table<Row>
        size="middle"
        bordered
        rowKey={(r) => String(list.rows.indexOf(r))}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
      />
    </Card>
  );
}
