import { staticUrl } from '../../app/config';
import { sanitizeHtml } from '../../utils/sanitize';
import { uploadFile } from '../../utils/upload';
import { withoutUnstoredImages } from './html';

/** SPEC §5: Word import accepts only .docx. */
export const DOCX_ONLY = '目前仅支持docx文件格式，若为doc，请将扩展名改为docx';

export const isDocx = (file: { name: string }): boolean => /\.docx$/i.test(file.name);

export interface WordImport {
  /** Sanitised HTML ready to insert. */
  html: string;
  /** One SPEC §8 upload message per picture that could not be stored (the picture is left out). */
  failures: string[];
}

/**
 * A .docx as HTML to insert into the editor. Its pictures are uploaded and referenced by URL,
 * never embedded as base64 (SPEC §9); mammoth is loaded only now, in a chunk of its own.
 */
export async function wordToHtml(file: File, biz?: string): Promise<WordImport> {
  const { default: mammoth } = await import('mammoth');
  const stem = file.name.replace(/\.docx$/i, '');
  const failures: string[] = [];
  let count = 0;
  const convertImage = mammoth.images.imgElement(async (image) => {
    count += 1;
    const ext = image.contentType.split('/')[1]?.replace(/^x-/, '') || 'png';
    const picture = new File([await image.readAsArrayBuffer()], `${stem}-${count}.${ext}`, { type: image.contentType });
    try {
      return { src: staticUrl(await uploadFile(picture, { biz })) };
    } catch (e) {
      failures.push((e as Error).message);
      return { src: '' };
    }
  });
  const { value } = await mammoth.convertToHtml({ arrayBuffer: await file.arrayBuffer() }, { convertImage });
  return { html: withoutUnstoredImages(sanitizeHtml(value)), failures };
}
