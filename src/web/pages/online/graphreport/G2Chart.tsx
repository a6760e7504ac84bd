import type { G2Spec } from '@antv/g2';
import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { loadG2 } from './loadG2';

export interface G2ChartProps {
  /** Keep it stable (memoised): a new object draws the chart again. */
  spec: G2Spec;
  height?: number;
}

/**
 * One chart drawn by G2. The library is a chunk of its own (loadG2), fetched by pages that show a
 * chart: when the first chart draws, or ahead with a chart page's code.
 */
export default function G2Chart({ spec, height = 360 }: G2ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');

  useEffect(() => {
    let live = true;
    let chart: { destroy(): void } | null = null;
    setState('drawing');
    loadG2()
      .then(async ({ Chart }) => {
        if (!live || !container.current) return;
        const c = new Chart({ container: container.current, autoFit: true, height });
        chart = c;
        c.options(spec);
        // Drawn once painted: render() resolves only when the enter animation has played out, and the
        // spinner would cover the chart for that long.
        c.once('afterpaint', () => { if (live) setState('drawn'); });
        await c.render();
        if (live) setState('drawn');
      })
      .catch(() => { if (live) setState('failed'); });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [spec, height]);

  return (
    <div style={{ position: 'relative', minHeight: height }}>
      {state === 'failed' && <Alert type="error" showIcon message="图表加载失败，请刷新页面重试" />}
      {state === 'drawing' && <Spin style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }} />}
      <div ref={container} className="graph-report-canvas" style={{ height }} />
    </div>
  );
}
