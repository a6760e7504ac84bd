import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Upload, type UploadFile } from 'antd';
import { useField } from '@formily/react';
import { useEffect, useId, useRef, useState } from 'react';
import { uploadFailedMessage, uploadFile } from '../../utils/upload';
import { useFeedback } from './feedback';
import { acceptedKinds, nameAccepted, type FileKindSpec } from '../../../schema/file-kinds';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from '../../../schema/upload-limit';
import { fileUrl, useFileNames } from './file-url';
import { joinPaths, refusal, splitPaths, type FileKind } from './stored-files';

/** SPEC §9: the upload button's text unless the field's `extend.text` says otherwise. */
export const DEFAULT_UPLOAD_TEXT = '点击上传';

export interface UploadEditorProps {
  /** Stored paths, comma-joined. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** `extend.biz`: the server sub-directory (the upload helper defaults it to `temp`). */
  biz?: string;
  /** `extend.uploadnum`: at most this many files; 0 or absent is no limit. */
  uploadnum?: number | string;
  /** `extend.text`: the button text. */
  text?: string;
  /** What may be picked (JeecgBoot JUpload `fileType`). */
  fileType?: FileKind;
  /** Only these kinds (`extend.accept`, src/schema/file-kinds.ts), by name here and by content on the server. */
  accept?: unknown;
  /** Picture cards with preview (the `image` view) instead of a file list. */
  pictures?: boolean;
  /** Runs on a picked file before it is sent (image compression). */
  prepare?: (file: File) => Promise<File>;
  disabled?: boolean;
  readOnly?: boolean;
  /** The field's label: the button is named 「label：text」 for a screen reader. */
  'aria-label'?: string;
}

/**
 * What the field takes, said beside the button before a file is chosen: the size limit, the kinds
 * (`extend.accept`, or the view's images / anything but images) and how many files, e.g.
 * 「单个文件不超过10MB，仅限PDF、Office文档，最多3个」.
 */
export function uploadHint(opts: { kinds: FileKindSpec[] | null; fileType: FileKind; max: number }): string {
  const parts = [`单个文件不超过${Math.round(UPLOAD_MAX_BYTES / 1024 / 1024)}MB`];
  if (opts.kinds) parts.push(`仅限${opts.kinds.map((k) => k.label).join('、')}`);
  else if (opts.fileType === 'image') parts.push('仅限图片');
  else if (opts.fileType === 'file') parts.push('不接受图片');
  if (opts.max > 0) parts.push(`最多${opts.max}个`);
  return parts.join('，');
}

/** The item of a stored path: its name, its URL (with the token: a record's files are its readers'), done. */
const storedItem = (path: string, name: string): UploadFile => ({ uid: path, name, status: 'done', url: fileUrl(path) });

/**
 * Uploads files one request each and keeps the field's value the comma-joined stored paths. The
 * list is controlled: stored paths come from the value, files on their way (or failed) from local
 * state. Removing a file only drops it from the value: nothing is deleted on the server (SPEC §4).
 */
export default function UploadEditor({ value, onChange, biz, uploadnum, text = DEFAULT_UPLOAD_TEXT, fileType = 'all', accept, pictures, prepare, disabled, readOnly, 'aria-label': label }: UploadEditorProps) {
  const kinds = acceptedKinds({ accept });
  const feedback = useFeedback();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string>();
  const paths = splitPaths(value);
  const nameOf = useFileNames(paths);
  // Several uploads may finish before the form hands back the new value: each adds to the latest.
  const latest = useRef(paths);
  latest.current = paths;
  const inFlight = useRef(new Map<string, AbortController>());
  // A finished upload keeps its list item's uid: under a new one antd animated the uploading item out
  // and the stored one in, the file listed twice for a moment.
  const uidOfPath = useRef(new Map<string, string>());
  const itemOf = (path: string): UploadFile => ({ ...storedItem(path, nameOf(path)), uid: uidOfPath.current.get(path) ?? path });
  const pathOf = (item: UploadFile) => latest.current.find((p) => (uidOfPath.current.get(p) ?? p) === item.uid);
  const max = Math.max(0, Math.floor(Number(uploadnum) || 0));
  const editable = !disabled && !readOnly;

  useEffect(() => () => inFlight.current.forEach((c) => c.abort()), []);

  // The form is not saved while a file is on its way or failed: its path would be missing without a word.
  const field = useField() as { selfErrors?: string[]; title?: unknown } | undefined;
  const uploading = pending.some((f) => f.status === 'uploading');
  const failed = pending.some((f) => f.status === 'error');
  useEffect(() => {
    if (!field || !('selfErrors' in field)) return;
    const label = typeof field.title === 'string' ? field.title : '附件';
    field.selfErrors = uploading ? [`${label}正在上传，请稍候`] : failed ? [`${label}有文件上传失败，请移除后重试`] : [];
  }, [field, uploading, failed]);

  const patch = (uid: string, change: Partial<UploadFile>) => setPending((list) => list.map((f) => (f.uid === uid ? { ...f, ...change } : f)));

  const start = async (file: File & { uid: string }) => {
    const controller = new AbortController();
    inFlight.current.set(file.uid, controller);
    setPending((list) => [...list, { uid: file.uid, name: file.name, status: 'uploading', percent: 0, originFileObj: file as UploadFile['originFileObj'] }]);
    try {
      const ready = prepare ? await prepare(file) : file;
      // Refused here, before any byte is sent, with the server's own words.
      if (ready.size > UPLOAD_MAX_BYTES) throw new Error(uploadFailedMessage(file.name, UPLOAD_TOO_LARGE));
      const stored = await uploadFile(ready, { biz, signal: controller.signal, onProgress: (percent) => patch(file.uid, { percent }) });
      if (controller.signal.aborted) return;
      uidOfPath.current.set(stored, file.uid);
      latest.current = [...latest.current, stored];
      onChange?.(joinPaths(latest.current));
      setPending((list) => list.filter((f) => f.uid !== file.uid));
    } catch (err) {
      if (controller.signal.aborted) return;
      const said = err instanceof Error ? err.message : uploadFailedMessage(file.name);
      patch(file.uid, { status: 'error', response: said, error: err });
      void feedback.error(said);
    } finally {
      inFlight.current.delete(file.uid);
    }
  };

  const beforeUpload = (file: File & { uid: string }) => {
    const refused = refusal(file, fileType) ?? (kinds && !nameAccepted(kinds, file.name) ? `只能上传${kinds.map((k) => k.label).join('、')}文件` : null);
    if (refused) void feedback.warning(refused);
    else if (max && latest.current.length + inFlight.current.size >= max) void feedback.warning(`最多只能上传${max}个文件`);
    else void start(file);
    return Upload.LIST_IGNORE;
  };

  const remove = (item: UploadFile) => {
    const controller = inFlight.current.get(item.uid);
    if (controller || pending.some((f) => f.uid === item.uid)) {
      controller?.abort();
      setPending((list) => list.filter((f) => f.uid !== item.uid));
    } else {
      const path = pathOf(item);
      latest.current = latest.current.filter((p) => p !== path);
      onChange?.(joinPaths(latest.current));
    }
    return false;
  };

  const full = max > 0 && paths.length + pending.filter((f) => f.status !== 'error').length >= max;
  const hintId = useId();
  const hint = !editable || full ? null : (
    // Beside the button, yet not part of it: a click on the words opens no file chooser.
    <span id={hintId} className="upload-hint" onClick={(e) => e.stopPropagation()}
      style={{ display: pictures ? 'block' : 'inline', marginLeft: pictures ? 0 : 8, color: 'rgba(0, 0, 0, 0.65)', fontSize: 12, cursor: 'default' }}>
      {uploadHint({ kinds, fileType, max })}
    </span>
  );
  const trigger = !editable || full ? null : pictures
    ? <div><PlusOutlined /><div style={{ marginTop: 8 }}>{text}</div></div>
    : <><Button icon={<UploadOutlined />} aria-label={label ? `${label}：${text}` : undefined} aria-describedby={hintId}>{text}</Button>{hint}</>;

  return (
    <>
      <Upload
        fileList={[...paths.map(itemOf), ...pending]}
        listType={pictures ? 'picture-card' : 'text'}
        accept={kinds ? kinds.flatMap((k) => k.extensions.map((e) => `.${e}`)).join(',') : fileType === 'image' ? 'image/*' : undefined}
        multiple={max !== 1}
        disabled={disabled}
        showUploadList={{ showRemoveIcon: editable }}
        beforeUpload={beforeUpload}
        onRemove={remove}
        onPreview={pictures ? (item) => setPreview(item.url ?? item.thumbUrl) : undefined}
      >
        {trigger}
      </Upload>
      {pictures && hint}
      {pictures && (
        <Image style={{ display: 'none' }} src={preview} preview={{ visible: !!preview, src: preview, onVisibleChange: (v) => !v && setPreview(undefined) }} />
      )}
    </>
  );
}
