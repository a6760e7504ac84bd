// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import { describe, expect, it } from 'vitest';
import { fieldRules } from '../../schema/form';
import type { FieldSchema } from '../../schema/types';
import './validate-rules';

/** The form checks a 统一社会信用代码 as the server does, with the schema's own rule and message. */
describe('valueCheck in the browser form', () => {
  const field: FieldSchema = { name: 'creditCode', label: '统一社会信用代码', type: 'string', length: 18, valueCheck: 'creditCode' };

  const errorsFor = async (value: string) => {
    const form = createForm();
    const f = form.createField({ name: field.name, validator: fieldRules(field) as never });
    f.setValue(value);
    await f.validate('onBlur').catch(() => undefined);
    return f.selfErrors;
  };

  it('tells a wrong check character when the user leaves the field', async () => {
    expect(await errorsFor('91330100799655058C')).toEqual(['统一社会信用代码校验位不正确']);
    expect(await errorsFor('9133010079965505')).toEqual(['统一社会信用代码应为18位（当前16位）']);
  });

  it('accepts a valid code and leaves an empty one to required', async () => {
    expect(await errorsFor('91330100799655058B')).toEqual([]);
    expect(await errorsFor('')).toEqual([]);
  });
});
