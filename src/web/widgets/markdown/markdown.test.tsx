// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Grid } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { widgetOf } from '../registry';
import { renderMarkdown } from './render';
import '.';

afterEach(() => { cleanup(); vi.restoreAllMocks(); });

const Markdown = widgetOf('markdown').component;

function mount(value: string, pattern: 'editable' | 'readPretty' | 'readOnly' | 'disabled' = 'editable') {
  const form = createForm({ initialValues: { body: value } });
  const view = render(<FormProvider form={form}><Field name="body" component={[Markdown]} pattern={pattern} /></FormProvider>);
  return { ...view, form };
}

describe('renderMarkdown', () => {
  it('renders markdown, GitHub tables and line breaks included', () => {
    expect(renderMarkdown('# 标题\n\n**粗体** 与 `代码`\n第二行')).toBe('<h1>标题</h1>\n<p><strong>粗体</strong> 与 <code>代码</code><br>第二行</p>\n');
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')).toContain('<td>1</td>');
    expect(renderMarkdown('')).toBe('');
    expect(renderMarkdown(null)).toBe('');
  });

  it('sanitises HTML written in the markdown and script links', () => {
    const html = renderMarkdown('正文<script>window.hacked = 1</script>\n\n<img src="/a.png" onerror="window.hacked = 2">\n\n[点我](javascript:alert(1))');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain('<img src="/a.png">');
    expect(html).toContain('点我');
  });
});

describe('markdown view', () => {
  it('edits the text beside its preview', async () => {
    const { form } = mount('*旧*');
    const source = await screen.findByRole('textbox', { name: '编辑' });
    expect(source).toHaveValue('*旧*');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByLabelText('预览').querySelector('em')).toHaveTextContent('旧');
    fireEvent.change(source, { target: { value: '## 新标题' } });
    expect(form.values.body).toBe('## 新标题');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('新标题'));
  });

  it('puts editing and preview in tabs on a narrow screen', async () => {
    vi.spyOn(Grid, 'useBreakpoint').mockReturnValue({ xs: true, sm: true, md: false });
    mount('**预览内容**');
    expect(await screen.findByRole('tab', { name: '编辑' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: '编辑' })).toHaveValue('**预览内容**');
    fireEvent.click(screen.getByRole('tab', { name: '预览' }));
    expect(await screen.findByText('预览内容')).toBeInTheDocument();
    expect(screen.getByText('预览内容').tagName).toBe('STRONG');
  });

  it('honours read-only and disabled', async () => {
    mount('x', 'readOnly');
    expect(await screen.findByRole('textbox', { name: '编辑' })).toHaveAttribute('readonly');
    cleanup();
    mount('x', 'disabled');
    expect(await screen.findByRole('textbox', { name: '编辑' })).toBeDisabled();
  });

  it('shows the sanitised rendering when read-pretty', async () => {
    const { container } = mount('# 详情\n\n<img src="/a.png" onerror="window.hacked = 1"><script>window.hacked = 2</script>', 'readPretty');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('详情');
    expect(container.querySelector('textarea')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/a.png');
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('shows the raw text in a list cell, cut at 25 characters', () => {
    const { cell } = widgetOf('markdown');
    expect(cell!('**短**', {}, undefined as never)).toBe('**短**');
    render(<div>{cell!(`# ${'长'.repeat(30)}`, {}, undefined as never)}</div>);
    expect(screen.getByText(`# ${'长'.repeat(23)}...`)).toBeInTheDocument();
  });
});
