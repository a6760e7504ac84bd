import { creditCodeProblem } from './credit-code';

/**
 * Named checks a field may declare (`valueCheck`) for what a pattern cannot say — a check digit.
 * Pure and isomorphic: the server's request validator runs them on every add, edit and import, and
 * the form runs the same function when the user leaves the field.
 */
export const VALUE_CHECKS = {
  creditCode: creditCodeProblem,
} satisfies Record<string, (value: string) => string | null>;

export type ValueCheckName = keyof typeof VALUE_CHECKS;

export const VALUE_CHECK_NAMES = Object.keys(VALUE_CHECKS) as ValueCheckName[];

/** The problem a named check finds in a value, or null (non-strings and empty values pass: types and `required` judge them). */
export function valueCheckProblem(name: ValueCheckName, value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  return VALUE_CHECKS[name](value);
}
