import { createForm, type Form } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ViewType } from '../../schema/types';
import { widgetOf } from './registry';

/** Test helper: one field of `view` in a Formily form (editable, or read-pretty as a detail form draws it). */
export function renderView(view: ViewType, props: Record<string, unknown> = {}, value?: unknown, pattern: 'editable' | 'readPretty' | 'readOnly' = 'editable'): Form {
  const form = createForm({ initialValues: { f: value } });
  render(<App><FormProvider form={form}><Field name="f" pattern={pattern} component={[widgetOf(view).component, props]} /></FormProvider></App>);
  return form;
}
