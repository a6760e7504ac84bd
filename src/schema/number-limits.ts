import { fieldMessages } from './messages';
import type { FieldSchema } from './types';

type NumberField = Pick<FieldSchema, 'label' | 'type' | 'length' | 'scale' | 'min' | 'max'>;

/** What a numeric column holds: digits before and after the point, as the DDL creates it (sync.ts). */
export interface DigitLimits {
  /** Digits before the point; undefined: not limited by the column. */
  integer?: number;
  /** Digits after the point; 0 for integer columns. */
  scale?: number;
}

/** The column's digit limits: decimal(length ?? 18, scale ?? 2); a double with a declared scale; integers none after the point. */
export function digitLimits(f: Pick<FieldSchema, 'type' | 'length' | 'scale'>): DigitLimits | null {
  switch (f.type) {
    case 'decimal': {
      const scale = f.scale ?? 2;
      return { integer: (f.length ?? 18) - scale, scale };
    }
    case 'double': return f.scale === undefined ? null : { scale: f.scale };
    case 'int': case 'long': return { scale: 0 };
    default: return null;
  }
}

/** The range an integer column stores (int: 32 bits; long: what a JavaScript number holds exactly). */
export function integerRange(f: Pick<FieldSchema, 'type' | 'min' | 'max'>): { min?: number; max?: number } {
  const bound = f.type === 'int' ? 2147483647 : f.type === 'long' ? Number.MAX_SAFE_INTEGER : undefined;
  return { min: f.min ?? (bound === undefined ? undefined : f.type === 'int' ? -bound - 1 : -bound), max: f.max ?? bound };
}

/** Digits before and after the point of a finite number, exponent notation included (1.5e-7: 0 and 8). */
export function digitsOf(v: number): { integer: number; scale: number } {
  const [mantissa, exp = '0'] = Math.abs(v).toString().split('e');
  const [int, frac = ''] = mantissa.split('.');
  const e = Number(exp);
  const intDigits = int === '0' ? 0 : int.length;
  return { integer: Math.max(0, intDigits + e), scale: Math.max(0, frac.length - e) };
}

/**
 * What is wrong with a number for the field's column, or null: too many digits after the point
 * (never rounded away without telling) or before it (never cut off by the database).
 */
export function digitProblem(f: NumberField, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const limits = digitLimits(f);
  if (!limits) return null;
  const digits = digitsOf(value);
  if (limits.scale !== undefined && digits.scale > limits.scale) return fieldMessages.scale(f, limits.scale);
  if (limits.integer !== undefined && digits.integer > limits.integer) return fieldMessages.integerDigits(f, limits.integer);
  return null;
}
