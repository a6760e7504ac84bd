import Quill from 'quill';
import type { StyleAttributor } from 'parchment';
import 'quill/dist/quill.snow.css';
import './umeditor.css';
import { FONT_SIZES } from './settings';

// Sizes and alignment as inline styles, so stored HTML looks the same wherever it is shown
// without Quill's stylesheet; sizes outside SPEC §9's list are refused.
const sizeStyle = Quill.import('attributors/style/size') as StyleAttributor;
sizeStyle.whitelist = [...FONT_SIZES];
Quill.register(sizeStyle, true);
Quill.register(Quill.import('attributors/style/align') as StyleAttributor, true);

const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }, { size: [false, ...FONT_SIZES] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }, { align: [] }],
  ['link', 'image', 'clean'],
];

export interface EditorOptions {
  placeholder?: string;
  /** The toolbar's image button: the picture is uploaded, never embedded. */
  onImage: () => void;
}

/** Quill's default bindings of Tab and Shift+Tab. */
const TAB_BINDINGS = ['tab', 'remove tab', 'indent', 'outdent', 'indent code-block', 'outdent code-block', 'table tab'];

export function createEditor(host: HTMLElement, { placeholder, onImage }: EditorOptions): Quill {
  return new Quill(host, {
    theme: 'snow',
    placeholder,
    modules: {
      toolbar: { container: TOOLBAR, handlers: { image: onImage } },
      // Quill's own handling of pasted or dropped picture files embeds them as base64 (SPEC §9: disabled).
      uploader: { mimetypes: [] },
      // Tab and Shift+Tab leave the editor as they leave any field (WCAG 2.1.2, no keyboard trap):
      // Quill's own bindings typed a tab or indented instead; the toolbar still indents lists.
      keyboard: { bindings: Object.fromEntries(TAB_BINDINGS.map((name) => [name, false])) },
    },
  });
}

/** The toolbar's controls by their Quill class, with their aria-label value where one class has two. */
const CONTROL_NAMES: Record<string, string> = {
  header: '标题', size: '字号', bold: '加粗', italic: '斜体', underline: '下划线', strike: '删除线',
  color: '文字颜色', background: '背景颜色', 'list: ordered': '编号列表', 'list: bullet': '项目符号列表',
  align: '对齐方式', link: '链接', image: '插入图片', clean: '清除格式',
};

/**
 * Names the toolbar in Chinese (Quill names its buttons with English format names and its pickers
 * not at all) and the text area after the field's label: a screen reader user hears what each is.
 */
export function nameControls(quill: Quill, label?: string): void {
  const toolbar = (quill.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
  toolbar?.querySelectorAll<HTMLElement>('button, .ql-picker').forEach((el) => {
    const format = [...el.classList].find((c) => c.startsWith('ql-') && c !== 'ql-picker')?.slice(3);
    if (!format) return;
    const name = CONTROL_NAMES[el.getAttribute('aria-label') ?? ''] ?? CONTROL_NAMES[format];
    if (!name) return;
    if (el.tagName === 'BUTTON') el.setAttribute('aria-label', name);
    else el.querySelector('.ql-picker-label')?.setAttribute('aria-label', name);
  });
  quill.root.setAttribute('role', 'textbox');
  quill.root.setAttribute('aria-multiline', 'true');
  if (label) quill.root.setAttribute('aria-label', label);
}
