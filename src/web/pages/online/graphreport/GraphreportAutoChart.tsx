import { Card, Col, Empty, Result, Row, Spin, Tabs, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { http } from '../../../api/request';
import { refusalOf } from '../../../api/refusal';
import type { PageProps } from '../../registry';
import { ReportQueryBar } from '../cgreport/ReportQueryBar';
import { chartPanels, chartSpec, searchItems, type ChartKind, type ChartPanel, type ChartsData } from './chart-spec';
import { GraphTable } from './GraphTable';

const G2Chart = lazy(() => import('./G2Chart'));


/**
 * A graph report (/online/graphreport/chart/:id): its rows from getChartsData (the route's query
 * string binds the SQL's self params), drawn per chosen type in the head's display template, with
 * the detail table below when the head asks for it. Its search fields form a query bar whose
 * values go to the route's query, so a filtered chart is a link.
 */
export default function GraphreportAutoChart({ params }: PageProps) {
  const id = params.id ?? '';
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<{ chart?: ChartsData; error?: string }>({});
  // The last answer stays while a search loads, so the query bar keeps what was typed.
  const [shown, setShown] = useState<ChartsData>();

  useEffect(() => {
    let live = true;
    setState({});
    const query = Object.fromEntries(new URLSearchParams(search));
    http.get<ChartsData>('/online/graphreport/api/getChartsData', { ...query, id })
      .then((res) => {
        if (!live) return;
        setState(res.success ? { chart: res.result } : { error: res.message });
        if (res.success) setShown(res.result);
      })
      .catch((e: unknown) => { if (live) setState({ error: String(refusalOf(e) || '图表数据加载失败') }); });
    return () => { live = false; };
  }, [id, search]);

  const chart = state.chart ?? shown;
  const items = useMemo(() => (chart ? searchItems(chart) : []), [chart]);
  const onSearch = (query: Record<string, string>) => {
    // The route's own SQL parameters (self_*) stay; the search fields are replaced.
    const keep = [...new URLSearchParams(search)].filter(([k]) => k.startsWith('self_'));
    navigate({ pathname, search: new URLSearchParams([...keep, ...Object.entries(query)]).toString() });
  };

  if (state.error !== undefined) return <Result status="error" title="图表加载失败" subTitle={state.error} />;
  if (!chart) return <div style={{ padding: 48, textAlign: 'center' }}><Spin size="large" /></div>;
  return (
    <>
      {items.length > 0 && (
        <div className="graph-report-search" style={{ background: '#fff', padding: '16px 16px 0', marginBottom: 16 }}>
          <ReportQueryBar items={items} params={[]} dictOptions={chart.dictOptions} onSearch={onSearch} />
        </div>
      )}
      <Spin spinning={!state.chart}><GraphReport chart={chart} /></Spin>
    </>
  );
}

function GraphReport({ chart }: { chart: ChartsData }) {
  const { head } = chart;
  const { layout, panels } = useMemo(() => chartPanels(head), [head]);
  const specs = useMemo(() => new Map(panels.filter((p) => p.kind !== 'table').map((p) => [p.key, chartSpec(p.kind as ChartKind, chart)])), [panels, chart]);

  const body = (p: ChartPanel): ReactNode => (p.kind === 'table'
    ? <GraphTable chart={chart} />
    : <Suspense fallback={<Spin />}><G2Chart spec={specs.get(p.key)!} /></Suspense>);

  let charts: ReactNode;
  if (!chart.data.length) charts = <Empty description="暂无数据" />;
  else if (layout === 'tabs') charts = <Tabs items={panels.map((p) => ({ key: p.key, label: p.title, children: body(p) }))} />;
  else if (layout === 'single') charts = body(panels[0]);
  else {
    charts = (
      <Row gutter={[16, 16]}>
        {panels.map((p) => (
          <Col key={p.key} xs={24} lg={p.kind === 'combination' ? 24 : 12}>
            <Card size="small" title={p.title}>{body(p)}</Card>
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <div className="graph-report">
      <Card variant="borderless" title={head.name}>
        {head.content && <Typography.Paragraph type="secondary">{head.content}</Typography.Paragraph>}
        {charts}
      </Card>
      {head.isShowList === 'Y' && chart.data.length > 0 && (
        <Card variant="borderless" title="数据明细" style={{ marginTop: 16 }}>
          <GraphTable chart={chart} />
        </Card>
      )}
    </div>
  );
}
