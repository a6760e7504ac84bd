// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import Quill, { Delta } from 'quill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staticUrl } from '../../app/config';
import { uploadFailedMessage, uploadFile } from '../../utils/upload';
import { widgetOf } from '../registry';
import { dataImageRemoval, editorValue, htmlText, withoutUnstoredImages } from './html';
import RichEditor from './RichEditor';
import { FONT_SIZES } from './settings';
import { DOCX_ONLY } from './word';
import '.';

vi.mock('../../utils/upload', async (original) => ({ ...(await original<object>()), uploadFile: vi.fn() }));
// Vite gives the browser mammoth's `{ arrayBuffer }` reader; the Node build under test reads `{ buffer }`.
vi.mock('mammoth', async (original) => {
  const real = (await original<{ default: typeof import('mammoth') }>()).default;
  const convertToHtml: typeof real.convertToHtml = (input, options) =>
    real.convertToHtml('arrayBuffer' in input ? { buffer: Buffer.from(input.arrayBuffer) } : input, options);
  return { default: { ...real, convertToHtml: vi.fn(convertToHtml) } };
});
const upload = vi.mocked(uploadFile);
const convertToHtml = vi.mocked(mammoth.convertToHtml);

afterEach(() => { cleanup(); vi.clearAllMocks(); });

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('stored value', () => {
  it("is '' for Quill's empty document", () => {
    expect(editorValue('<p><br></p>')).toBe('');
    expect(editorValue('<p></p>')).toBe('');
    expect(editorValue('<p><br></p><p><br></p>')).toBe('');
    expect(editorValue('<p>a</p>')).toBe('<p>a</p>');
    expect(editorValue('<p><img src="/x.png"></p>')).toBe('<p><img src="/x.png"></p>');
  });

  it('turns the spaces Quill writes as &nbsp; back into wrapping spaces, keeping runs and edges visible', () => {
    expect(editorValue('<p>one&nbsp;two&nbsp;&nbsp;&nbsp;three</p>')).toBe('<p>one two&nbsp;&nbsp; three</p>');
    expect(editorValue('<p>&nbsp;lead&nbsp;<strong>b</strong>&nbsp;tail&nbsp;</p><p style="text-align: center;">&nbsp;&nbsp;c&nbsp;<br>d</p>'))
      .toBe('<p>&nbsp;lead <strong>b</strong> tail&nbsp;</p><p style="text-align: center;">&nbsp;&nbsp;c&nbsp;<br>d</p>');
  });
});

describe('pasted and dropped data images (SPEC §9)', () => {
  it('takes back every data: image a change inserted, wherever it sits', () => {
    const doc = new Delta().insert('abc');
    const change = new Delta().retain(1).insert({ image: PNG }).insert('x').insert({ image: '/files/a.png' }).insert({ image: ` ${PNG}` });
    const removal = dataImageRemoval(change);
    expect(removal).toEqual([{ retain: 1 }, { delete: 1 }, { retain: 2 }, { delete: 1 }]);
    expect(doc.compose(change).compose(new Delta(removal!)).ops).toEqual([{ insert: 'ax' }, { insert: { image: '/files/a.png' } }, { insert: 'bc' }]);
    expect(dataImageRemoval(new Delta().retain(3).insert({ image: '/files/a.png' }).delete(2))).toBeNull();
  });

  it('leaves out of imported HTML the images not stored as files', () => {
    expect(withoutUnstoredImages(`<p>a<img src="${PNG}"><img src=""><img><img src="/f/b.png" alt="b"></p>`)).toBe('<p>a<img src="/f/b.png" alt="b"></p>');
  });
});

describe('list cell and read-pretty', () => {
  it('shows the words of the HTML, cut at 25 characters', () => {
    expect(htmlText('<p>标题</p><p>正文<b>加粗</b><br>下一行</p><script>x()</script>')).toBe('标题 正文加粗 下一行');
    const { cell } = widgetOf('umeditor');
    render(<div>{cell!(`<p>${'字'.repeat(30)}</p>`, {}, undefined as never)}</div>);
    expect(screen.getByText(`${'字'.repeat(25)}...`)).toBeInTheDocument();
    expect(cell!(null, {}, undefined as never)).toBe('');
  });

  it('renders the sanitised HTML: no script, no handler reaches the page', () => {
    const form = createForm({ initialValues: { content: '<p style="font-size: 12pt">通知</p><script>window.hacked = 1</script><img src="/x.png" onerror="window.hacked = 2">' } });
    const { container } = render(
      <FormProvider form={form}><Field name="content" component={[widgetOf('umeditor').component]} pattern="readPretty" /></FormProvider>,
    );
    expect(screen.getByText('通知')).toHaveAttribute('style', 'font-size: 12pt');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/x.png');
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('.ql-container')).toBeNull();
  });
});

// Quill runs in happy-dom, so the wrapper is tested with the real editor.
function mountEditor(props: Partial<Parameters<typeof RichEditor>[0]> = {}) {
  const onChange = vi.fn();
  const view = render(<App><RichEditor onChange={onChange} {...props} /></App>);
  const quill = Quill.find(view.container.querySelector('.ql-container')!) as Quill;
  const rerender = (next: Partial<Parameters<typeof RichEditor>[0]>) => view.rerender(<App><RichEditor onChange={onChange} {...props} {...next} /></App>);
  return { ...view, quill, onChange, rerender };
}
const lastValue = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0] as string;

function paste(quill: Quill, data: { html?: string; files?: File[] }) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: { getData: (type: string) => (type === 'text/html' ? data.html ?? '' : ''), files: data.files ?? [] },
  });
  act(() => { quill.root.dispatchEvent(event); });
}

describe('rich editor', () => {
  it('is 300 px high and reports its HTML, empty as ""', () => {
    const { quill, onChange, container } = mountEditor();
    expect(container.querySelector<HTMLElement>('.ql-container')!.style.height).toBe('300px');
    act(() => { quill.insertText(0, 'Hello world', 'user'); });
    expect(lastValue(onChange)).toBe('<p>Hello world</p>');
    act(() => { quill.formatText(0, 5, 'bold', true, 'user'); });
    expect(lastValue(onChange)).toBe('<p><strong>Hello</strong> world</p>');
    act(() => { quill.deleteText(0, quill.getLength(), 'user'); });
    expect(lastValue(onChange)).toBe('');
  });

  it('lets Tab and Shift+Tab leave the editor (no keyboard trap): Quill binds neither', () => {
    const { quill } = mountEditor();
    const bindings = (quill.getModule('keyboard') as unknown as { bindings: Record<string, unknown[]> }).bindings;
    expect(bindings.Tab ?? []).toEqual([]);
    // Its other keys are still bound.
    expect(bindings.Enter?.length).toBeGreaterThan(0);
  });

  it('offers font sizes 8pt to 36pt only, written inline', () => {
    expect(FONT_SIZES).toEqual(['8pt', '9pt', '10pt', '11pt', '12pt', '14pt', '16pt', '18pt', '20pt', '22pt', '24pt', '26pt', '28pt', '36pt']);
    const { quill, onChange, container } = mountEditor();
    const offered = [...container.querySelectorAll('.ql-size .ql-picker-item')].map((item) => item.getAttribute('data-value')).filter(Boolean);
    expect(offered).toEqual(FONT_SIZES);
    act(() => {
      quill.insertText(0, 'ab', 'user');
      quill.formatText(0, 1, 'size', '36pt', 'user');
      quill.formatText(1, 1, 'size', '40pt', 'user');
    });
    expect(lastValue(onChange)).toBe('<p><span style="font-size: 36pt;">a</span>b</p>');
  });

  it('loads a value given from outside and keeps the cursor while the echo of typing comes back', () => {
    const { quill, onChange, rerender } = mountEditor({ value: '<p>初始<span style="font-size: 12pt">内容</span></p>' });
    expect(quill.getText()).toBe('初始内容\n');
    expect(quill.getFormat(2, 1)).toEqual({ size: '12pt' });
    expect(onChange).not.toHaveBeenCalled();

    act(() => { quill.insertText(1, 'X', 'user'); quill.setSelection(2, 0, 'user'); });
    const typed = lastValue(onChange);
    expect(typed).toBe('<p>初X始<span style="font-size: 12pt;">内容</span></p>');
    const setContents = vi.spyOn(quill, 'setContents');
    rerender({ value: typed });
    expect(setContents).not.toHaveBeenCalled();
    expect(quill.getSelection()?.index).toBe(2);

    rerender({ value: '' });
    expect(quill.getText()).toBe('\n');
    rerender({ value: '<p>另一条<script>x()</script></p>' });
    expect(quill.getText()).toBe('另一条\n');
    expect(quill.root.querySelector('script')).toBeNull();
  });

  it('drops a pasted data: image and a pasted picture file, keeps the rest of the paste', () => {
    const { quill, onChange } = mountEditor();
    paste(quill, { html: `<p>前<img src="${PNG}">后<img src="https://cdn.example.com/a.png"></p>` });
    expect(quill.getContents().ops).toEqual([{ insert: '前后' }, { insert: { image: 'https://cdn.example.com/a.png' } }, { insert: '\n' }]);
    expect(lastValue(onChange)).not.toContain('data:');
    const before = quill.getContents();
    paste(quill, { files: [new File(['x'], 'shot.png', { type: 'image/png' })] });
    expect(quill.getContents()).toEqual(before);
  });

  it('uploads a toolbar image and inserts its static URL', async () => {
    upload.mockResolvedValue('notice/a_1.png');
    const { quill, onChange, container } = mountEditor({ biz: 'notice' });
    const input = container.querySelector<HTMLInputElement>('input[accept="image/*"]')!;
    const click = vi.spyOn(input, 'click');
    fireEvent.click(container.querySelector('.ql-image')!);
    expect(click).toHaveBeenCalled();
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(lastValue(onChange)).toBe(`<p><img src="${staticUrl('notice/a_1.png')}"></p>`));
    expect(upload).toHaveBeenCalledWith(file, { biz: 'notice' });
    expect(quill.getContents().ops[0]).toEqual({ insert: { image: staticUrl('notice/a_1.png') } });
  });

  it("shows the upload's error when a toolbar image cannot be stored", async () => {
    upload.mockRejectedValue(new Error(uploadFailedMessage('big.png')));
    const { quill, container } = mountEditor();
    fireEvent.change(container.querySelector('input[accept="image/*"]')!, { target: { files: [new File(['png'], 'big.png', { type: 'image/png' })] } });
    expect(await screen.findByText('「big.png」上传失败')).toBeInTheDocument();
    expect(quill.root.querySelector('img')).toBeNull();
  });

  it('cannot be edited when disabled', () => {
    const { quill, rerender } = mountEditor({ value: '<p>只读</p>', disabled: true });
    expect(quill.isEnabled()).toBe(false);
    expect(quill.root).toHaveAttribute('contenteditable', 'false');
    expect(screen.getByRole('button', { name: /导入Word/ })).toBeDisabled();
    rerender({ disabled: false });
    expect(quill.isEnabled()).toBe(true);
  });

  it('is read-only through the form pattern, and lazily loaded', async () => {
    const form = createForm({ initialValues: { content: '<p>表单</p>' } });
    const { container } = render(
      <App><FormProvider form={form}><Field name="content" component={[widgetOf('umeditor').component]} pattern="readOnly" /></FormProvider></App>,
    );
    expect(container.querySelector('.rich-text-loading')).toHaveStyle({ height: '382px' });
    await waitFor(() => expect(container.querySelector('.ql-editor')).toHaveAttribute('contenteditable', 'false'));
    expect(container.querySelector('.ql-editor')).toHaveTextContent('表单');
  });
});

async function docx(): Promise<File> {
  const zip = new JSZip();
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  zip.file('[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`);
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="word/document.xml"/></Relationships>`);
  zip.file('word/_rels/document.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdImg" Type="${rel}/image" Target="media/image1.png"/><Relationship Id="rIdLink" Type="${rel}/hyperlink" Target="javascript:alert(1)" TargetMode="External"/></Relationships>`);
  zip.file('word/media/image1.png', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${rel}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>
<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>项目简介</w:t></w:r></w:p>
<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>链接</w:t></w:r></w:hyperlink></w:p>
<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="图片 1" descr="示意图"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>
</w:body></w:document>`);
  return new File([await zip.generateAsync({ type: 'arraybuffer' })], '简介.docx');
}

const chooseWord = (container: HTMLElement, file: File) => fireEvent.change(container.querySelector('input[accept=".docx"]')!, { target: { files: [file] } });

describe('Word import', () => {
  it('refuses anything but .docx with the SPEC warning, never converting it', async () => {
    const { container, quill, onChange } = mountEditor();
    chooseWord(container, new File(['old word'], '简介.doc', { type: 'application/msword' }));
    expect(await screen.findByText('目前仅支持docx文件格式，若为doc，请将扩展名改为docx')).toBeInTheDocument();
    expect(DOCX_ONLY).toBe('目前仅支持docx文件格式，若为doc，请将扩展名改为docx');
    expect(convertToHtml).not.toHaveBeenCalled();
    expect(quill.getText()).toBe('\n');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('inserts the document at the cursor, its pictures uploaded and its unsafe links removed', async () => {
    upload.mockResolvedValue('temp/简介-1_123.png');
    const { container, quill, onChange } = mountEditor({ value: '<p>开头结尾</p>' });
    act(() => { quill.setSelection(2, 0, 'user'); });
    chooseWord(container, await docx());
    await waitFor(() => expect(lastValue(onChange)).toContain('项目简介'));
    expect(convertToHtml).toHaveBeenCalledTimes(1);
    const picture = upload.mock.calls[0][0] as File;
    expect(picture.name).toBe('简介-1.png');
    expect(picture.type).toBe('image/png');
    const html = lastValue(onChange);
    // The document's first and last paragraphs join the paragraph the cursor was in; the link is kept
    // as text without its javascript: target.
    expect(html).toBe(`<p>开头<strong>项目简介</strong></p><p>链接</p><p><img src="${staticUrl('temp/简介-1_123.png')}" alt="示意图">结尾</p>`);
  });

  it('leaves out a picture whose upload failed and says so', async () => {
    upload.mockRejectedValue(new Error(uploadFailedMessage('简介-1.png')));
    const { container, onChange } = mountEditor();
    chooseWord(container, await docx());
    expect(await screen.findByText('「简介-1.png」上传失败')).toBeInTheDocument();
    await waitFor(() => expect(lastValue(onChange)).toContain('项目简介'));
    expect(lastValue(onChange)).not.toContain('<img');
  });
});
