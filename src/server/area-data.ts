import { createRequire } from 'node:module';
import type { AreaData } from '../schema/area.js';

let data: AreaData | undefined;

/** The bundled china-area-data v5 map (contract §7.3), read from node_modules at first use only. */
export function areaData(): AreaData {
  data ??= createRequire(import.meta.url)('china-area-data/v5/data.json') as AreaData;
  return data;
}
