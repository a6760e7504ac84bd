/**
 * A fixed piece of single-threaded JavaScript, timed: the same work on the same code, so it tells how
 * fast this machine runs today. Two `npm run bench` runs compare only beside it: this machine's speed
 * has varied by 1.5× from one day to the next, more than most changes being measured. Arithmetic
 * and string hashing, nothing allocated (a collection would time the heap, not the machine).
 * Median of `runs`, in ms; call it once per process (see below).
 */
export function machineSpeedMs(runs = 5) {
  const text = 'select "id", "order_no" from "bench_order" where "status" = ? order by "order_time" desc';
  const times = [];
  let hash = 0;
  for (let r = -1; r < runs; r++) { // one run first, for the JIT
    const t0 = performance.now();
    for (let i = 0; i < 1_500_000; i++) {
      for (let k = 0; k < text.length; k += 4) hash = (Math.imul(hash, 31) + text.charCodeAt(k) + i) | 0;
    }
    if (r >= 0) times.push(performance.now() - t0);
  }
  if (hash === 0.5) console.log(hash); // never true: keeps the work from being optimised away
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

// Run as a script of its own (`node scripts/bench/lib/machine-speed.mjs`): the first call in a fresh
// process is the steady one (±2 % here); V8 compiles later calls differently.
if (import.meta.url === `file://${process.argv[1]}`) console.log(machineSpeedMs().toFixed(0));
