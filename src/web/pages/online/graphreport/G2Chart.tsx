import type { G2Spec } from '@antv/g2';
import { Alert, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSeen } from '../../../utils/useSeen';
import { CHART_TEXT_ROWS, chartText } from './chartText';
import { loadG2 } from './loadG2';

export interface G2ChartProps {
  /** Keep it stable (memoised): a new object draws the chart again. */
  spec: G2Spec;
  height?: number;
  /** What the chart shows, for a screen reader (the card's title). */
  title?: string;
  /** Column headings of the chart's data table, by field (the field names otherwise). */
  fieldNames?: Record<string, string>;
}

interface Drawn {
  chart: InstanceType<typeof import('./g2').Chart>;
  height: number;
}

/**
 * One chart drawn by G2. The library is a chunk of its own (loadG2), fetched by pages that show a
 * chart: when the first chart draws, or ahead with a chart page's code. A chart is drawn once it
 * comes into view: G2 takes ~100 ms a chart here, and a dashboard's charts below the fold would hold
 * up those in view (as Grafana's panels, they wait to be scrolled to). The spinner covers the first
 * draw only: new options (a monitor page's figures every few seconds) redraw the same chart in place.
 */
export default function G2Chart({ spec, height = 360, title = '图表', fieldNames = {} }: G2ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');
  const seen = useSeen(container);

  useEffect(() => {
    if (!seen) return;
    let live = true;
    loadG2()
      .then(async ({ Chart }) => {
        if (!live || !container.current) return;
        if (drawn.current && drawn.current.height !== height) {
          drawn.current.chart.destroy();
          drawn.current = null;
        }
        if (!drawn.current) {
          const chart = new Chart({ container: container.current, autoFit: true, height });
          drawn.current = { chart, height };
          // Drawn once painted: render() resolves only when the enter animation has played out, and the
          // spinner would cover the chart for that long.
          chart.once('afterpaint', () => { if (live) setState('drawn'); });
        } else {
          // G2 merges new options into the old ones (a pie's coordinate would stay on a bar): start afresh, on the same canvas.
          drawn.current.chart.clear();
        }
        drawn.current.chart.options(spec);
        await drawn.current.chart.render();
        if (live) setState('drawn');
      })
      .catch(() => { if (live) setState('failed'); });
    return () => { live = false; };
  }, [spec, height, seen]);

  useEffect(() => () => {
    drawn.current?.chart.destroy();
    drawn.current = null;
  }, []);

  // The canvas says nothing to a screen reader: it is an image named by the title and the row count,
  // and its data follows as a table only a screen reader reads (WCAG 1.1.1).
  const text = useMemo(() => chartText(spec), [spec]);
  const label = text ? `${title}，共 ${text.rows.length} 项数据，见下方数据表` : title;
  return (
    <div style={{ position: 'relative', minHeight: height }}>
      {state === 'failed' && <Alert type="error" showIcon message="图表加载失败，请刷新页面重试" />}
      {state === 'drawing' && seen && <Spin style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }} />}
      <div ref={container} className="graph-report-canvas" role="img" aria-label={label} style={{ height }} />
      {text && (
        <table className="visually-hidden">
          <caption>{title}{text.rows.length > CHART_TEXT_ROWS ? `（前 ${CHART_TEXT_ROWS} 项，共 ${text.rows.length} 项）` : ''}</caption>
          <thead><tr>{text.fields.map((f) => <th key={f} scope="col">{fieldNames[f] ?? f}</th>)}</tr></thead>
          <tbody>
            {text.rows.slice(0, CHART_TEXT_ROWS).map((r, i) => <tr key={i}>{text.fields.map((f) => <td key={f}>{String(r[f] ?? '')}</td>)}</tr>)}
          </tbody>
        </table>
      )}
    </div>
  );
}
