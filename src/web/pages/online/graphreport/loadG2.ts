/**
 * G2 (about 380 KB gzip) as one shared request: the chart that draws first and the idle prefetch of a
 * chart page (pages/registry.ts) ask for the same module. A failed load is forgotten, so the next
 * chart asks again.
 */
type G2 = typeof import('@antv/g2');

let loading: Promise<G2> | null = null;

export function loadG2(): Promise<G2> {
  loading ??= import('@antv/g2').catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}
