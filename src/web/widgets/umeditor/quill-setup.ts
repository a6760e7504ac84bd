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

export function createEditor(host: HTMLElement, { placeholder, onImage }: EditorOptions): Quill {
  return new Quill(host, {
    theme: 'snow',
    placeholder,
    modules: {
      toolbar: { container: TOOLBAR, handlers: { image: onImage } },
      // Quill's own handling of pasted or dropped picture files embeds them as base64 (SPEC §9: disabled).
      uploader: { mimetypes: [] },
    },
  });
}
