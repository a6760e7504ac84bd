import type { ChangeEvent, ReactNode } from 'react';
import { useRef, useState } from 'react';
import styles from './LoginPage.module.css';

/** A field's check: the message to show, or nothing when the value is fine. */
export type FieldCheck = (value: string) => string | undefined;

/** 请输入…: a value of only spaces counts as empty. */
export const required = (message: string): FieldCheck => (v) => (v.trim() ? undefined : message);
export const matches = (pattern: RegExp, message: string): FieldCheck => (v) => (!v || pattern.test(v) ? undefined : message);

/**
 * The login forms' few fields without antd's Form (rc-field-form, async-validator, Tooltip and its
 * trigger were a fifth of the login page's download, issue 17): values, checks run on submit and then
 * as the user types, the first failing check's message shown under its input.
 */
export function useLoginFields<K extends string>(initial: Record<K, string>, checks: Partial<Record<K, FieldCheck[]>>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  // Checked as typed only once the user has tried to submit, or has left the field after typing.
  const touched = useRef(new Set<K>());
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const problem = (name: K, value: string) => (checks[name] ?? []).map((c) => c(value)).find(Boolean);

  const check = (names: K[]): boolean => {
    const found: Partial<Record<K, string>> = {};
    for (const n of names) { touched.current.add(n); found[n] = problem(n, valuesRef.current[n]); }
    setErrors((e) => ({ ...e, ...found }));
    return names.every((n) => !found[n]);
  };

  const set = (name: K, value: string) => {
    valuesRef.current = { ...valuesRef.current, [name]: value };
    setValues(valuesRef.current);
    if (touched.current.has(name)) setErrors((e) => ({ ...e, [name]: problem(name, value) }));
  };

  /** Empties a field without telling the user off for it (a spent captcha after a refused login). */
  const clear = (name: K) => {
    touched.current.delete(name);
    valuesRef.current = { ...valuesRef.current, [name]: '' };
    setValues(valuesRef.current);
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** Props for the field's antd Input. */
  const bind = (name: K) => ({
    name,
    value: values[name],
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': !!errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    onBlur: () => { if (values[name]) check([name]); },
  });

  return { values, errors, set, clear, bind, check, checkAll: () => check(Object.keys(initial) as K[]) };
}

/** A row of the login form: the input(s), then the message of what is wrong. */
export function LoginField({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      {children}
      <div className={styles.fieldError} role={error ? 'alert' : undefined}>{error}</div>
    </div>
  );
}
