// A bench's headline figures for `npm run bench` (scripts/bench/all.mjs): when BENCH_FIGURES names a
// file, each figure is appended to it as one JSON line {bench, name, value, unit, aim, better}.
// `better` is 'lower' or 'higher'; `aim` is the target in the same unit (null: none).
import fs from 'node:fs';

export function reportFigure(bench, name, value, unit, aim = null, better = 'lower') {
  const file = process.env.BENCH_FIGURES;
  if (!file || !Number.isFinite(value)) return;
  fs.appendFileSync(file, `${JSON.stringify({ bench, name, value, unit, aim, better })}\n`);
}
