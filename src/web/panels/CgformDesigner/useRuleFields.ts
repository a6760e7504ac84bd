import { Form } from 'antd';
import { useMemo } from 'react';
import type { DesignField } from '../../../schema/cgform';
import type { DesignValues } from './model';

const FACTS = ['dbFieldName', 'dbFieldTxt', 'dbType', 'fieldShowType', 'dictField', 'dictTable', 'dictText', 'isShowForm'] as const;

/** The field rows as far as rules read them: redrawn when one of those facts changes, not on every keystroke elsewhere. */
export function useRuleFields(): DesignField[] {
  const form = Form.useFormInstance<DesignValues>();
  const key = Form.useWatch((v: DesignValues) => JSON.stringify((v?.fields ?? []).map((f) => FACTS.map((k) => f?.[k] ?? null))), { form, preserve: true });
  return useMemo(() => (key ? (JSON.parse(key) as unknown[][]).map((row) => Object.fromEntries(FACTS.map((k, i) => [k, row[i] ?? undefined])) as unknown as DesignField) : []), [key]);
}
