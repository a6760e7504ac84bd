import type { G2Spec } from '@antv/g2';
import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSeen } from '../../../utils/useSeen';
import { loadG2 } from './loadG2';

export interface G2ChartProps {
  /** Keep it stable (memoised): a new object draws the chart again. */
  spec: G2Spec;
  height?: number;
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
export default function G2Chart({ spec, height = 360 }: G2ChartProps) {
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

  return (
    <div style={{ position: 'relative', minHeight: height }}>
      {state === 'failed' && <Alert type="error" showIcon message="图表加载失败，请刷新页面重试" />}
      {state === 'drawing' && seen && <Spin style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }} />}
      <div ref={container} className="graph-report-canvas" style={{ height }} />
    </div>
  );
}
