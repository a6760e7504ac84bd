/**
 * A file field's value is its stored paths, comma-joined (contract §6.4): `temp/报告_1700000000000.pdf,…`.
 * These helpers read and write it; nothing here talks to the server.
 */
export const splitPaths = (value: unknown): string[] =>
  value === null || value === undefined ? [] : String(value).split(',').map((p) => p.trim()).filter(Boolean);

export const joinPaths = (paths: string[]): string => paths.join(',');

/** What a user calls a stored file: its last path part without the server's `_<epochMillis>` suffix. */
export function shownName(path: string): string {
  const last = path.split('?')[0].split('/').pop() || path;
  return last.replace(/_\d{13}(?=\.[^.]*$|$)/, '');
}

/** The image types a browser shows and the server serves inline (svg is only ever downloaded). */
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|bmp|x-icon|vnd\.microsoft\.icon)$/i;
const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|bmp|ico)$/i;

export function isImageFile(file: { type?: string; name: string }): boolean {
  return file.type ? IMAGE_TYPES.test(file.type) : IMAGE_EXTENSIONS.test(file.name);
}

/** JeecgBoot JUpload `fileType`: any file, images only, or anything but images. */
export type FileKind = 'all' | 'image' | 'file';

/** Why a picked file is refused (SPEC §5), or null when it may be uploaded. */
export function refusal(file: { type?: string; name: string }, kind: FileKind): string | null {
  if (kind === 'image' && !isImageFile(file)) return '请上传图片';
  if (kind === 'file' && (isImageFile(file) || /^image\//i.test(file.type ?? ''))) return '请上传文件';
  return null;
}
