/**
 * The kinds of file a `file`/`image` field may accept (`extend.accept`, e.g. ["pdf"]): the browser
 * refuses other names before uploading, the server checks the stored bytes on every write — a
 * renamed file is still refused.
 */
export interface FileKindSpec {
  label: string;
  extensions: string[];
  /** Leading bytes any file of the kind starts with (one of them). */
  magic: number[][];
}

const bytes = (s: string) => [...s].map((c) => c.charCodeAt(0));

export const FILE_KINDS: Record<string, FileKindSpec> = {
  pdf: { label: 'PDF', extensions: ['pdf'], magic: [bytes('%PDF-')] },
  image: {
    label: '图片', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'],
    magic: [[0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], bytes('GIF8'), bytes('RIFF'), bytes('BM')],
  },
  // docx, xlsx, pptx and zip are all zip containers; doc, xls and ppt share the OLE header.
  office: { label: 'Office文档', extensions: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'], magic: [bytes('PK\u0003\u0004'), [0xd0, 0xcf, 0x11, 0xe0]] },
  zip: { label: 'ZIP压缩包', extensions: ['zip'], magic: [bytes('PK\u0003\u0004')] },
};

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
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return kinds.some((k) => k.extensions.includes(ext));
}

export function bytesAccepted(kinds: FileKindSpec[], head: Uint8Array): boolean {
  return kinds.some((k) => k.magic.some((m) => m.every((b, i) => head[i] === b)));
}
