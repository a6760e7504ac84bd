/**
 * G2 (g2.ts), a chunk of its own: asked for by the chart that draws first and by the prefetch of a
 * chart page's code (pages/registry.ts). One name for both, so tests can stand in for it.
 */
export const loadG2 = () => import('./g2');
