// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATIC_BASE } from '../../app/config';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { widgetOf } from '../registry';
import { fileCell } from '.';
import { shownName, splitPaths } from './stored-files';
import { FakeXhr, installFakeXhr, renderView } from './upload-test-kit';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from '../../../schema/upload-limit';

const REPORT = 'temp/报告_1700000000000.pdf';
const SHEET = 'news/2025/预算_1700000000001.xlsx';

beforeEach(installFakeXhr);
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const pick = (input: HTMLInputElement | null, ...files: File[]) => fireEvent.change(input!, { target: { files } });
const txt = (name: string) => new File(['hello'], name, { type: 'text/plain' });
const png = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });
const item = (name: string) => screen.getByText(name).closest('.ant-upload-list-item') as HTMLElement;

describe('stored paths', () => {
  it('splits the comma-joined value and names a file without the server suffix', () => {
    expect(splitPaths(`${REPORT}, ${SHEET},`)).toEqual([REPORT, SHEET]);
    expect(splitPaths(null)).toEqual([]);
    expect(shownName(SHEET)).toBe('预算.xlsx');
    expect(shownName('temp/noext_1700000000000')).toBe('noext');
    expect(shownName('temp/v_12.txt')).toBe('v_12.txt');
  });
});

describe('file view', () => {
  it('echoes stored files by name, linked to the static URL, under the default button text', async () => {
    await renderView('file', {}, `${REPORT},${SHEET}`);
    expect(screen.getByText('报告.pdf').closest('a')!.getAttribute('href')).toBe(`${STATIC_BASE}/${REPORT}`);
    expect(screen.getByText('预算.xlsx')).toBeTruthy();
    expect(screen.getByRole('button', { name: /点击上传/ })).toBeTruthy();
  });

  it('says the size limit, the accepted kinds and how many files beside the button before a file is chosen', async () => {
    await renderView('file', { accept: ['pdf', 'office'], uploadnum: 3 });
    const hint = screen.getByText('单个文件不超过10MB，仅限PDF、Office文档，最多3个');
    expect(screen.getByRole('button', { name: /点击上传/ }).getAttribute('aria-describedby')).toBe(hint.id);
    cleanup();
    await renderView('file');
    expect(screen.getByText('单个文件不超过10MB')).toBeTruthy();
    cleanup();
    await renderView('file', {}, REPORT, 'readOnly');
    expect(screen.queryByText(/单个文件不超过/)).toBeNull();
  });

  it('uses extend.text for the button', async () => {
    await renderView('file', { text: '上传附件' });
    expect(screen.getByRole('button', { name: /上传附件/ })).toBeTruthy();
  });

  it('uploads to extend.biz with a progress bar, then appends the stored path to the value', async () => {
    const { form, input } = await renderView('file', { biz: 'news' }, REPORT);
    pick(input(), txt('说明.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0];
    expect(xhr.url).toBe('/jeecg-boot/sys/common/upload');
    expect(xhr.file.name).toBe('说明.txt');
    expect(xhr.biz).toBe('news');
    act(() => xhr.progress(40));
    const bar = await within(item('说明.txt')).findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    act(() => xhr.stored('news/说明_1700000000009.txt'));
    await waitFor(() => expect(form.values.f).toBe(`${REPORT},news/说明_1700000000009.txt`));
    expect(screen.getByText('说明.txt').closest('a')!.getAttribute('href')).toBe(`${STATIC_BASE}/news/说明_1700000000009.txt`);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('keeps the uploading item as the stored one (not listed twice for a moment), which removes as any stored file', async () => {
    const { form, input } = await renderView('file', {}, REPORT);
    pick(input(), txt('说明.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const uploading = item('说明.txt');
    act(() => FakeXhr.sent[0].stored('temp/说明_1700000000009.txt'));
    await waitFor(() => expect(form.values.f).toBe(`${REPORT},temp/说明_1700000000009.txt`));
    // The same element: antd saw one item change its status, not one leave and another arrive.
    expect(item('说明.txt')).toBe(uploading);
    expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(2);
    fireEvent.click(within(item('说明.txt')).getByRole('button'));
    await waitFor(() => expect(form.values.f).toBe(REPORT));
  });

  it('sends the default biz temp when the field names none', async () => {
    const { input } = await renderView('file');
    pick(input(), txt('a.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].biz).toBe('temp');
  });

  it('shows a failed upload as an error item with the SPEC message and the server’s reason, keeps the value and blocks the form', async () => {
    const { form, input } = await renderView('file', {}, REPORT);
    pick(input(), txt('坏文件.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await waitFor(() => expect(form.errors.map((e) => e.messages).flat()).toEqual(['附件正在上传，请稍候']));
    act(() => FakeXhr.sent[0].answer(400, { success: false, message: '文件类型不被允许', code: 400, result: null }));
    expect(await screen.findByText('「坏文件.txt」上传失败：文件类型不被允许')).toBeTruthy();
    expect(item('坏文件.txt').className).toContain('ant-upload-list-item-error');
    expect(form.values.f).toBe(REPORT);
    await expect(form.submit()).rejects.toBeTruthy();
    expect(form.errors.map((e) => e.messages).flat()).toEqual(['附件有文件上传失败，请移除后重试']);
  });

  it('refuses a file over the limit before sending a byte, with the server’s words', async () => {
    const { form, input } = await renderView('file');
    pick(input(), new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], '大文件.zip'));
    expect(await screen.findByText(`「大文件.zip」上传失败：${UPLOAD_TOO_LARGE}`)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(form.values.f).toBeUndefined();
  });

  it('removes a file from the value only: no request goes to the server', async () => {
    const { form } = await renderView('file', {}, `${REPORT},${SHEET}`);
    fireEvent.click(within(item('报告.pdf')).getByRole('button'));
    await waitFor(() => expect(form.values.f).toBe(SHEET));
    expect(screen.queryByText('报告.pdf')).toBeNull();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('removing a file on its way cancels the request and leaves the value alone', async () => {
    const { form, input } = await renderView('file', {}, REPORT);
    pick(input(), txt('中途.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    fireEvent.click(within(item('中途.txt')).getByRole('button'));
    await waitFor(() => expect(screen.queryByText('中途.txt')).toBeNull());
    expect(FakeXhr.sent[0].aborted).toBe(true);
    expect(form.values.f).toBe(REPORT);
  });

  it('in file-only mode refuses images with 请上传文件 and drops them', async () => {
    const { form, input } = await renderView('file', { fileType: 'file' }, REPORT);
    pick(input(), png('截图.png'));
    expect(await screen.findByText('请上传文件')).toBeTruthy();
    expect(screen.queryByText('截图.png')).toBeNull();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(form.values.f).toBe(REPORT);
  });

  it('in image-only mode refuses other files with 请上传图片', async () => {
    const { input } = await renderView('file', { fileType: 'image' });
    pick(input(), txt('a.txt'));
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('with extend.accept takes only those kinds: a .docx is refused before any upload, a .pdf goes', async () => {
    const { input } = await renderView('file', { fileType: 'file', accept: ['pdf'] });
    expect(input()?.getAttribute('accept')).toBe('.pdf');
    pick(input(), txt('计划书.docx'));
    expect(await screen.findByText('只能上传PDF文件')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
    pick(input(), txt('计划书.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  });

  it('takes no more than uploadnum files and hides the button when full', async () => {
    const { form, input } = await renderView('file', { uploadnum: 2 }, REPORT);
    pick(input(), txt('一.txt'), txt('二.txt'));
    expect(await screen.findByText('最多只能上传2个文件')).toBeTruthy();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].file.name).toBe('一.txt');
    expect(screen.queryByRole('button', { name: /点击上传/ })).toBeNull();
    act(() => FakeXhr.sent[0].stored('temp/一_1700000000005.txt'));
    await waitFor(() => expect(form.values.f).toBe(`${REPORT},temp/一_1700000000005.txt`));
    expect(screen.queryByRole('button', { name: /点击上传/ })).toBeNull();
  });

  it('read-only: the files without upload or remove', async () => {
    const { container } = await renderView('file', {}, REPORT, 'readOnly');
    expect(screen.getByText('报告.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /点击上传/ })).toBeNull();
    expect(container.querySelector('.ant-upload-select')!.className).toContain('ant-upload-hidden');
    expect(within(item('报告.pdf')).queryByRole('button')).toBeNull();
  });

  it('read-pretty (detail form): download links by name', async () => {
    const { input } = await renderView('file', {}, `${REPORT},${SHEET}`, 'readPretty');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['报告.pdf', `${STATIC_BASE}/${REPORT}`],
      ['预算.xlsx', `${STATIC_BASE}/${SHEET}`],
    ]);
    expect(input()).toBeNull();
  });

  it('read-pretty (detail form): an empty value reads 「-」', async () => {
    const { container } = await renderView('file', {}, '', 'readPretty');
    expect(container.textContent).toBe('-');
    expect(container.querySelector('a')).toBeNull();
  });

  it('list cell: the file names as links, nothing for an empty value', () => {
    const { container } = render(<div>{fileCell(`${REPORT},${SHEET}`, {}, undefined as never)}</div>);
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['报告.pdf', '预算.xlsx']);
    expect(container.querySelector('a')!.getAttribute('href')).toBe(`${STATIC_BASE}/${REPORT}`);
    const empty = render(<div data-testid="empty">{fileCell('', {}, undefined as never)}</div>);
    expect(empty.getByTestId('empty').textContent).toBe('');
  });

  it('query bar: a plain text input over the stored path, the field settings kept off the DOM', () => {
    const form = createForm();
    const { container } = render(
      <FormProvider form={form}>
        <Field name="q" component={[widgetOf('file').query!, { biz: 'news', uploadnum: 2, text: '上传', placeholder: '请输入附件' }]} />
      </FormProvider>,
    );
    const box = screen.getByPlaceholderText('请输入附件');
    fireEvent.change(box, { target: { value: '报告' } });
    expect(form.values.q).toBe('报告');
    expect(container.querySelector('[uploadnum],[biz]')).toBeNull();
    expect(container.querySelector('input[type=file]')).toBeNull();
  });
});
