import type { PageSchema } from './types';

/**
 * The kinds of file a `file`/`image` field may accept (`extend.accept`, e.g. ["pdf"]): the browser
 * refuses other names before uploading; the server reads the content — not the name — when the file
 * is uploaded (its content must fit its name) and again on every write naming it (its content must
 * be of a kind the field accepts). A renamed file is refused either way.
 *
 * Contents are named as the `file-type` library names what it finds (`pdf`, `png`, `docx`, `cfb` for
 * the OLE container of doc/xls/ppt, `exe`…), plus `text` for a file without NUL bytes (txt and csv
 * have no signature to find). The detection itself is the server's (modules/common/file-content.ts).
 */
export interface FileKindSpec {
  label: string;
  extensions: string[];
  /** What the content of a file of the kind may be found to be: file-type's names, or `text`. */
  contents: string[];
}

/** What a stored file's content was found to be. */
export interface FileContent {
  /** What file-type recognised (its extension name), or null when nothing. */
  detected: string | null;
  /** No NUL bytes (or a UTF-16 byte-order mark): it may be plain text. */
  text: boolean;
}

/** docx, xlsx and pptx are zip containers; file-type names them when it finds their parts, else `zip`. */
const OOXML = ['docx', 'xlsx', 'pptx', 'zip'];
const IMAGES = ['png', 'jpg', 'gif', 'webp', 'bmp'];

export const FILE_KINDS: Record<string, FileKindSpec> = {
  pdf: { label: 'PDF', extensions: ['pdf'], contents: ['pdf'] },
  image: { label: '图片', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'], contents: IMAGES },
  // doc, xls and ppt share the OLE compound-file container.
  office: { label: 'Office文档', extensions: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'], contents: [...OOXML, 'cfb'] },
  zip: { label: 'ZIP压缩包', extensions: ['zip'], contents: OOXML },
  text: { label: '文本', extensions: ['txt', 'csv'], contents: ['text'] },
};

/**
 * What a file named with one of these extensions must contain: the names the server checks on
 * upload. An image may be any image (a phone's `.jpg` that is really a PNG still shows), an Office
 * file any Office container. Names not listed here are stored as sent and only ever downloaded.
 */
const CONTENT_OF_EXTENSION: Record<string, string[]> = {
  ...Object.fromEntries(Object.values(FILE_KINDS).flatMap((k) => k.extensions.map((e) => [e, k.contents]))),
  ico: ['ico', 'cur'],
};

/** The lower-case extension of a file name ('' when it has none). */
export const extensionOf = (fileName: string): string => {
  const last = fileName.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
};

const fits = (contents: string[], c: FileContent) => (c.detected !== null && contents.includes(c.detected)) || (c.text && contents.includes('text'));

/** Whether the content fits the file's name: true for a name whose extension is not checked. */
export function contentFitsName(fileName: string, content: FileContent): boolean {
  const expected = CONTENT_OF_EXTENSION[extensionOf(fileName)];
  return !expected || fits(expected, content);
}

/** What the upload answers when it does not. */
export const CONTENT_MISMATCH = '文件内容与类型不符';

/** The kinds a field accepts (unknown names ignored), or null when any file will do. */
export function acceptedKinds(extend: Record<string, unknown> | undefined): FileKindSpec[] | null {
  const accept = extend?.accept;
  if (!Array.isArray(accept)) return null;
  const kinds = accept.map((k) => FILE_KINDS[String(k)]).filter(Boolean);
  return kinds.length ? kinds : null;
}

/** 「商业计划书」只能上传PDF文件 */
export const acceptMessage = (label: string, kinds: FileKindSpec[]) => `「${label}」只能上传${kinds.map((k) => k.label).join('、')}文件`;

export function nameAccepted(kinds: FileKindSpec[], fileName: string): boolean {
  const ext = extensionOf(fileName);
  return kinds.some((k) => k.extensions.includes(ext));
}

/** Whether a file whose content was found to be `content` is of one of the kinds. */
export function contentAccepted(kinds: FileKindSpec[], content: FileContent): boolean {
  return kinds.some((k) => fits(k.contents, content));
}

/** Why a page's `publicFiles` cannot hold, or null: its condition names a declared column of the page. */
export function publicFilesProblem(schema: Pick<PageSchema, 'publicFiles' | 'fields'>): { path: string; problem: string } | null {
  const when = schema.publicFiles;
  if (!when || when === true) return null;
  const field = schema.fields.find((f) => f.name === when.field);
  if (!field || field.virtual) return { path: '/publicFiles/field', problem: `field "${when.field}" is not a declared column` };
  if (!when.in.length) return { path: '/publicFiles/in', problem: 'names no value: no file would ever be public' };
  return null;
}
