import fs from 'node:fs';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { FileContent } from '../../../schema/file-kinds.js';

/** What file-type reads of a file to tell its kind (its own sample size), and what a write re-reads of a stored one. */
export const HEAD_BYTES = 4100;

/** A UTF-16 byte-order mark: such a text has NUL bytes in every ASCII character. */
const utf16 = (b: Uint8Array) => b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff));

/** No NUL byte: what text (UTF-8, GBK…) never has and nearly every binary format does. */
const textual = (b: Uint8Array) => utf16(b) || !b.includes(0);

/**
 * What a received file is, by its bytes: file-type's verdict (it reads as much of the file as it
 * needs, into a zip's parts for docx/xlsx/pptx) and whether the whole file could be text.
 */
export async function contentOfFile(file: string): Promise<FileContent> {
  const detected = (await fileTypeFromFile(file))?.ext ?? null;
  let text = true;
  let first = true;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    if (first && utf16(chunk)) break;
    first = false;
    if (chunk.includes(0)) {
      text = false;
      break;
    }
  }
  return { detected, text };
}

/** The same judged from a stored file's first bytes (HEAD_BYTES of them). */
export async function contentOfHead(head: Uint8Array): Promise<FileContent> {
  return { detected: (await fileTypeFromBuffer(head))?.ext ?? null, text: textual(head) };
}
