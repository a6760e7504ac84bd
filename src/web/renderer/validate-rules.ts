import { registerValidateRules } from '@formily/core';
import { VALUE_CHECKS, valueCheckProblem, type ValueCheckName } from '../../schema/value-checks';
import { digitProblem } from '../../schema/number-limits';
import { http } from '../api/request';

/**
 * The two rules the form compiler names that only the server can answer (SPEC §5): a duplicate
 * check and a rule-code check, asked only when the field holds a value; the server's message is
 * shown in the field. A named value check (a check digit) runs here with the server's own function.
 */
registerValidateRules({
  async duplicate(value, rule, ctx) {
    const spec = rule.duplicate as unknown as { table: string; field: string } | undefined;
    if (!spec || value === undefined || value === null || value === '') return '';
    const dataId = (ctx as { form?: { values?: { id?: string } } }).form?.values?.id;
    try {
      const res = await http.get('/sys/duplicate/check', { tableName: spec.table, fieldName: spec.field, fieldVal: String(value), dataId });
      return res.success ? '' : res.message;
    } catch {
      return '';
    }
  },
  digits(value, rule) {
    const field = rule.digits as unknown as Parameters<typeof digitProblem>[0] | undefined;
    return field ? digitProblem(field, value) ?? '' : '';
  },
  valueCheck(value, rule) {
    const name = rule.valueCheck as unknown as string | undefined;
    if (!name || !Object.hasOwn(VALUE_CHECKS, name)) return '';
    return valueCheckProblem(name as ValueCheckName, value) ?? '';
  },
  async checkRule(value, rule) {
    const code = rule.checkRule as unknown as string | undefined;
    if (!code || value === undefined || value === null || value === '') return '';
    try {
      const res = await http.get('/sys/checkRule/checkByCode', { ruleCode: code, value: encodeURIComponent(String(value)) });
      return res.success ? '' : res.message;
    } catch {
      return '';
    }
  },
});
