// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { VIEWS } from '../../schema/meta-schema';
import type { ViewType } from '../../schema/types';
import './index';
import { renderView } from './test-form';

beforeEach(() => {
  // Widgets that load options ask the server; an empty answer is enough to draw them.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, code: 200, result: [] }), { headers: { 'Content-Type': 'application/json' } })));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

// What a screen reader lands on: inputs (not the upload's hidden file input, nor Quill's link tooltip,
// shown only while a link is edited), option groups, and the upload button (not the rich editor's
// 导入Word, a command of its own).
const CONTROLS = 'input:not([type=hidden]):not([type=file]):not([hidden]), textarea, [role=combobox], [role=switch], [contenteditable=true], [role=radiogroup], [role=group], .ant-upload button';
const controls = () => [...document.body.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => !el.closest('.ql-tooltip, .umeditor-actions'));

// Every view passes the field's label (the form renderer gives it as aria-label) on to the control a
// screen reader lands on (WCAG 1.3.1, 4.1.2).
// image: its picture card's trigger is named by its visible text (上传), antd's own button.
it.each(VIEWS.filter((v) => v !== 'hidden' && v !== 'image'))('%s names its input after the field', async (view) => {
  renderView(view as ViewType, { 'aria-label': '字段名', dict: { code: 'sex' }, dictCode: 'sex' });
  // The rich and markdown editors are chunks of their own, loaded on first show.
  await waitFor(() => expect(controls().length).toBeGreaterThan(0), { timeout: 5000 });
  for (const el of controls()) expect(el.getAttribute('aria-label'), el.outerHTML.slice(0, 200)).toContain('字段名');
});
