// Test support for the file and image views (not product code): a stand-in for XMLHttpRequest that
// the test answers by hand, and a one-field Formily form around a registered view.
import { createForm, type FieldPatternTypes } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { render, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { expect, vi } from 'vitest';
import type { ViewType } from '../../../schema/types';
import { widgetOf } from '../registry';

/** One upload request the code under test sent; the test decides how and when it ends. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body?: FormData;
  aborted = false;

  open(_method: string, url: string) { this.url = url; }
  setRequestHeader(name: string, value: string) { this.headers[name] = value; }
  send(body: FormData) { this.body = body; FakeXhr.sent.push(this); }
  abort() { this.aborted = true; this.onabort?.(); }

  progress(percent: number) { this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }); }
  /** The server's answer: success puts the stored path in `message` (contract §6.4). */
  answer(status: number, body: object) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  stored(path: string) { this.answer(200, { success: true, message: path, code: 200, result: null }); }
  /** The file and biz the request carried. */
  get file() { return this.body?.get('file') as File; }
  get biz() { return this.body?.get('biz'); }
}

export function installFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/**
 * The registered view as the form compiler uses it: one field `f` with its `extend` as props.
 * Resolves once the lazily loaded editor is on screen.
 */
export async function renderView(view: ViewType, props: Record<string, unknown> = {}, value?: string, pattern: FieldPatternTypes = 'editable') {
  const form = createForm({ initialValues: value === undefined ? {} : { f: value } });
  const { component } = widgetOf(view);
  const utils = render(
    // No motion: a removed list item leaves at once instead of waiting for a CSS transition.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <FormProvider form={form}>
          <Field name="f" pattern={pattern} component={[component, props]} />
        </FormProvider>
      </App>
    </ConfigProvider>,
  );
  if (pattern !== 'readPretty') await waitFor(() => expect(utils.container.querySelector('.ant-upload-wrapper')).not.toBeNull());
  const input = () => utils.container.querySelector('input[type=file]') as HTMLInputElement | null;
  return { ...utils, form, input };
}
