import type { G2Spec } from '@antv/g2';
import { useRef } from 'react';

/**
 * The few chart shapes the dashboards and monitor pages draw, as G2 options. Callers memoise the
 * result: G2Chart draws again whenever it gets a new object.
 */
type Rows = Record<string, unknown>[];

export const lineSpec = (data: Rows, x: string, y: string, opts: { color?: string; yTitle?: string; area?: boolean } = {}): G2Spec => ({
  type: 'view',
  data,
  axis: { y: { title: opts.yTitle ?? false }, x: { title: false } },
  children: [
    ...(opts.area ? [{ type: 'area', encode: { x, y, color: opts.color }, style: { fillOpacity: 0.15 } }] : []),
    { type: 'line', encode: { x, y, color: opts.color }, style: { lineWidth: 2 } },
  ],
} as G2Spec);

export const barSpec = (data: Rows, x: string, y: string, opts: { color?: string; stack?: boolean; horizontal?: boolean; yTitle?: string } = {}): G2Spec => ({
  type: 'interval',
  data,
  encode: { x, y, color: opts.color ?? x },
  transform: opts.color ? [{ type: opts.stack ? 'stackY' : 'dodgeX' }] : [],
  coordinate: opts.horizontal ? { transform: [{ type: 'transpose' }] } : undefined,
  axis: { y: { title: opts.yTitle ?? false }, x: { title: false } },
  legend: opts.color ? undefined : false,
  labels: opts.color ? [] : [{ text: y, position: 'inside', style: { fill: '#fff' } }],
} as G2Spec);

export const pieSpec = (data: Rows, label: string, value: string): G2Spec => ({
  type: 'interval',
  data,
  encode: { y: value, color: label },
  transform: [{ type: 'stackY' }],
  coordinate: { type: 'theta', innerRadius: 0.5, outerRadius: 0.85 },
  legend: { color: { position: 'right' } },
  labels: [{ text: value, style: { fontWeight: 'bold' } }],
} as G2Spec);

/**
 * The chart options for the input, kept as the same object while the input is equal: a dashboard
 * asked again every minute redraws its charts only when a figure changed.
 */
export function useStableSpec<T>(input: T, build: (input: T) => G2Spec): G2Spec {
  const key = JSON.stringify(input ?? null);
  const ref = useRef<{ key: string; spec: G2Spec }>();
  if (!ref.current || ref.current.key !== key) ref.current = { key, spec: build(input) };
  return ref.current.spec;
}
