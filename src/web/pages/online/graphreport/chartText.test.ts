import { describe, expect, it } from 'vitest';
import { barSpec, lineSpec, pieSpec } from '../../dashboard/charts';
import { chartText } from './chartText';

describe('a chart’s text alternative', () => {
  const data = [{ day: '11-01', count: 3, kind: '申报' }, { day: '11-02', count: 5, kind: '申报' }];

  it('reads the rows and encoded fields of a bar, a pie and a layered line chart', () => {
    expect(chartText(barSpec(data, 'day', 'count'))).toEqual({ fields: ['day', 'count'], rows: data });
    expect(chartText(pieSpec(data, 'kind', 'count'))?.fields).toEqual(['kind', 'count']);
    expect(chartText(lineSpec(data, 'day', 'count', { color: 'kind', area: true }))).toEqual({ fields: ['day', 'kind', 'count'], rows: data });
  });

  it('has none for data G2 fetches itself or for no named field', () => {
    expect(chartText({ type: 'interval', data: { type: 'fetch', value: '/x.json' }, encode: { x: 'a', y: 'b' } } as never)).toBeNull();
    expect(chartText({ type: 'interval', data, encode: { x: () => 1 } } as never)).toBeNull();
  });
});
