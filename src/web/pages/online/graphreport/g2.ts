import { extend, Runtime } from '@antv/g2/esm/api/index';
import { corelib } from '@antv/g2/esm/lib/core';

/**
 * G2 with its core library: the marks, scales, coordinates and interactions our charts use. The
 * package's own `Chart` carries the standard library, with maps, graphs and plots (d3-geo, force
 * layouts, sankey…) that no page draws: a larger chunk to compile, and a bigger library that G2
 * copies again for every component of every chart it draws.
 */
export const Chart = extend(Runtime, corelib());
