/**
 * A tree select's `condition` as the server takes it: a JSON object of field → value equalities,
 * sent as its JSON text. A settings object is accepted as it is; text must parse to an object.
 * `invalid` when neither (SPEC §5: the widget then says so and asks nothing).
 */
export function treeCondition(raw: unknown): { invalid: true } | { invalid: false; json?: string } {
  if (raw === undefined || raw === null || raw === '') return { invalid: false };
  const isObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);
  if (isObject(raw)) return { invalid: false, json: JSON.stringify(raw) };
  if (typeof raw !== 'string') return { invalid: true };
  try {
    return isObject(JSON.parse(raw)) ? { invalid: false, json: raw } : { invalid: true };
  } catch {
    return { invalid: true };
  }
}
