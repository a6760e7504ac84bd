import { acceptedKinds, acceptMessage, contentAccepted } from '../../schema/file-kinds.js';
import type { FieldSchema, PageSchema } from '../../schema/types.js';
import { badRequest } from '../http/result.js';
import { embedsFiles, storesFiles } from '../modules/common/file-access.js';
import { contentOfHead, HEAD_BYTES } from '../modules/common/file-content.js';
import { staticRelativePath } from '../modules/common/static-file.js';
import { ledgerOf } from '../modules/common/upload-ledger.js';
import type { UploadStore } from '../modules/common/upload-store.js';
import type { Row } from './hooks.js';

const splitPaths = (value: unknown) => String(value ?? '').split(',').map((p) => p.trim()).filter(Boolean);

/** Stored files a rich text names: `…/sys/common/static/<path>` in its image sources and links. */
const STATIC_REF = /\/sys\/common\/static\/([^"'\s<>()?#\\]+)/g;

function embeddedPaths(value: unknown): string[] {
  const out = new Set<string>();
  for (const m of String(value ?? '').matchAll(STATIC_REF)) {
    let decoded: string;
    try { decoded = decodeURI(m[1]); } catch { continue; }
    const rel = staticRelativePath(decoded);
    if (rel) out.add(rel);
  }
  return [...out];
}

/**
 * The stored files a write names, checked and attached to the record:
 * - in fields that accept only some kinds (`extend.accept`), each must be a file this server stored,
 *   and its content — not its name — of an accepted kind (the first problem is a 400 naming the field);
 * - every file a file, image or rich-text field names that the uploads' ledger has not seen attached
 *   is attached to this page and field (and row, when the values carry its id: an add), so its
 *   download asks this record's readers from now on and the clean-up job keeps it.
 */
export async function checkStoredFiles(schema: PageSchema, values: Row, uploads: UploadStore): Promise<void> {
  const named: [FieldSchema, string[]][] = [];
  for (const f of schema.fields) {
    if (!(f.name in values)) continue;
    if (embedsFiles(f)) {
      named.push([f, embeddedPaths(values[f.name])]);
      continue;
    }
    if (!storesFiles(f)) continue;
    const kinds = acceptedKinds(f.extend);
    const paths: string[] = [];
    for (const stored of splitPaths(values[f.name])) {
      const rel = staticRelativePath(stored);
      if (kinds) {
        if (!rel) throw badRequest(`「${f.label}」的文件路径无效`);
        const head = await uploads.head(rel, HEAD_BYTES);
        if (!head) throw badRequest(`「${f.label}」的文件不存在，请重新上传`);
        if (!contentAccepted(kinds, await contentOfHead(head))) throw badRequest(acceptMessage(f.label, kinds));
      }
      if (rel) paths.push(rel);
    }
    named.push([f, paths]);
  }
  const ledger = ledgerOf(uploads);
  if (!ledger) return;
  const rowId = typeof values.id === 'string' ? values.id : null;
  for (const [f, paths] of named) await ledger.attach(paths, { page: schema.code, field: f.name, rowId });
}
