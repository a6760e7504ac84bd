import { randomBytes } from 'node:crypto';

/**
 * A 19-digit (zero-padded), time-ordered string id in the JeecgBoot style (ids are strings on the wire):
 * milliseconds since 2020 shifted left, plus a per-process counter and random low bits.
 */
let last = 0;
let seq = 0;
const EPOCH = 1577836800000n;
const node = BigInt(randomBytes(2).readUInt16BE() & 0x3ff);

export function newId(): string {
  const now = Date.now();
  if (now === last) seq = (seq + 1) & 0xfff;
  else { last = now; seq = 0; }
  // Fixed width, so ids sort by time as text too.
  return ((((BigInt(now) - EPOCH) << 22n) | (node << 12n) | BigInt(seq))).toString().padStart(19, '0');
}
