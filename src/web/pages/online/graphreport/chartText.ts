import type { G2Spec } from '@antv/g2';

/** What a chart shows, as rows of the fields it encodes: its text alternative (WCAG 1.1.1). */
export interface ChartText {
  fields: string[];
  rows: Record<string, unknown>[];
}

/** Past this many rows the table tells the count and lists the first ones. */
export const CHART_TEXT_ROWS = 50;

type Node = { data?: unknown; encode?: Record<string, unknown>; children?: Node[] };

const rowsOf = (data: unknown): Record<string, unknown>[] | null => {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  const inline = data as { type?: string; value?: unknown } | undefined;
  return inline?.type === 'inline' && Array.isArray(inline.value) ? inline.value as Record<string, unknown>[] : null;
};

/**
 * The rows behind a chart and the fields its marks encode (x, then series, then y), read from the
 * G2 options themselves, so every chart gets its text without each page writing one. Null when
 * the chart's data is not inline (fetched by G2 itself) or no field is encoded by name.
 */
export function chartText(spec: G2Spec): ChartText | null {
  const node = spec as Node;
  const rows = rowsOf(node.data) ?? node.children?.map((c) => rowsOf(c.data)).find(Boolean) ?? null;
  if (!rows) return null;
  const fields: string[] = [];
  for (const encode of [node.encode, ...(node.children ?? []).map((c) => c.encode)]) {
    for (const channel of ['x', 'color', 'y']) {
      const f = encode?.[channel];
      if (typeof f === 'string' && !fields.includes(f) && rows.some((r) => f in r)) fields.push(f);
    }
  }
  return fields.length ? { fields, rows } : null;
}
