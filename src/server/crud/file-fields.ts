import { acceptedKinds, acceptMessage, bytesAccepted } from '../../schema/file-kinds.js';
import type { PageSchema } from '../../schema/types.js';
import { badRequest } from '../http/result.js';
import { staticRelativePath } from '../modules/common/static-file.js';
import type { UploadStore } from '../modules/common/upload-store.js';
import type { Row } from './hooks.js';

/**
 * The stored files a write names in fields that accept only some kinds (`extend.accept`): each must
 * be a file this server stored, and its bytes — not its name — of an accepted kind. Answers the
 * first problem as a 400 naming the field.
 */
export async function checkStoredFiles(schema: PageSchema, values: Row, uploads: UploadStore): Promise<void> {
  for (const f of schema.fields) {
    const kinds = (f.view === 'file' || f.view === 'image') && f.name in values ? acceptedKinds(f.extend) : null;
    if (!kinds) continue;
    for (const stored of String(values[f.name] ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
      const rel = staticRelativePath(stored);
      if (!rel) throw badRequest(`「${f.label}」的文件路径无效`);
      const head = await uploads.head(rel, 16);
      if (!head) throw badRequest(`「${f.label}」的文件不存在，请重新上传`);
      if (!bytesAccepted(kinds, head)) throw badRequest(acceptMessage(f.label, kinds));
    }
  }
}
