import { FileWordOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import Quill, { Delta } from 'quill';
import type History from 'quill/modules/history';
import { useEffect, useRef, useState } from 'react';
import { staticUrl } from '../../app/config';
import { sanitizeHtml } from '../../utils/sanitize';
import { uploadFile } from '../../utils/upload';
import { dataImageRemoval, editorValue } from './html';
import { createEditor, nameControls } from './quill-setup';
import { EDITOR_HEIGHT } from './settings';
import { DOCX_ONLY, isDocx, wordToHtml } from './word';

export interface RichEditorProps {
  value?: string | null;
  onChange?: (html: string) => void;
  disabled?: boolean;
  placeholder?: string;
  /** Upload sub-directory for pictures (SPEC §9 default `temp`). */
  biz?: string;
  /** The field's label, naming the text area for a screen reader. */
  'aria-label'?: string;
}

/**
 * The `umeditor` view: Quill (snow) holding the field's HTML. The value is Quill's semantic HTML,
 * '' when empty. Only a value that differs from what the editor last reported is loaded into it,
 * so a form reset or an edit load replaces the text while the echo of typing leaves the cursor be.
 */
export default function RichEditor({ value, onChange, disabled = false, placeholder, biz, 'aria-label': label }: RichEditorProps) {
  const { message } = App.useApp();
  const frame = useRef<HTMLDivElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const quillRef = useRef<Quill | null>(null);
  /** The HTML the editor holds, as last reported or loaded. */
  const held = useRef('');
  const report = useRef(onChange);
  report.current = onChange;
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    // Quill puts its toolbar beside the element it is given, so that element is ours, not React's.
    const host = document.createElement('div');
    host.style.height = `${EDITOR_HEIGHT}px`;
    frame.current!.appendChild(host);
    const quill = createEditor(host, { placeholder, onImage: () => imageInput.current?.click() });
    nameControls(quill, label);
    quill.on('text-change', (change, _before, source) => {
      const removal = source === 'user' ? dataImageRemoval(change) : null;
      if (removal) {
        quill.updateContents(new Delta(removal), 'user');
        return;
      }
      const html = editorValue(quill.getSemanticHTML());
      if (html === held.current) return;
      held.current = html;
      report.current?.(html);
    });
    quillRef.current = quill;
    held.current = '';
    const mounted = frame.current!;
    return () => {
      quillRef.current = null;
      mounted.replaceChildren();
    };
    // The editor is built once; placeholder changes after mount are not worth a rebuild.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const quill = quillRef.current;
    const next = value ?? '';
    if (!quill || next === held.current) return;
    held.current = next;
    quill.setContents(quill.clipboard.convert({ html: sanitizeHtml(next), text: '' }), 'silent');
    // Undo must not step back past the loaded text into the previous record's.
    (quill.getModule('history') as History).clear();
  }, [value]);

  useEffect(() => {
    quillRef.current?.enable(!disabled);
  }, [disabled]);

  async function insertImage(file: File) {
    const quill = quillRef.current;
    if (!quill) return;
    const at = quill.getSelection(true).index;
    try {
      const url = staticUrl(await uploadFile(file, { biz }));
      quill.insertEmbed(at, 'image', url, 'user');
      quill.setSelection(at + 1, 0, 'silent');
    } catch (e) {
      message.error((e as Error).message);
    }
  }

  async function importWord(file: File) {
    const quill = quillRef.current;
    if (!quill) return;
    if (!isDocx(file)) {
      message.warning(DOCX_ONLY);
      return;
    }
    const at = quill.getSelection(true).index;
    setImporting(true);
    try {
      const { html, failures } = await wordToHtml(file, biz);
      failures.forEach((failure) => message.error(failure));
      quill.clipboard.dangerouslyPasteHTML(at, html, 'user');
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setImporting(false);
    }
  }

  return (
    <div className={disabled ? 'umeditor umeditor-locked' : 'umeditor'}>
      <div className="umeditor-actions">
        <Upload accept=".docx" showUploadList={false} disabled={disabled} beforeUpload={(file) => { void importWord(file); return Upload.LIST_IGNORE; }}>
          <Button size="small" icon={<FileWordOutlined />} loading={importing} disabled={disabled}>导入Word</Button>
        </Upload>
      </div>
      <div ref={frame} />
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertImage(file);
        }}
      />
    </div>
  );
}
