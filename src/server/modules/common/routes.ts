import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, ClientError, fail, ok } from '../../http/result.js';
import { NOT_FOUND_MESSAGE } from '../../http/errors.js';
import { contentDisposition, servedAs, staticRelativePath } from './static-file.js';
import { mayReadFile } from './file-access.js';
import { contentOfFile } from './file-content.js';
import { bindLedger, UploadLedger } from './upload-ledger.js';
import { originalName, parseBiz } from './upload-names.js';
import { incomingFile } from './upload-store.js';
import { CONTENT_MISMATCH, contentFitsName } from '../../../schema/file-kinds.js';
import { UPLOAD_TOO_LARGE } from '../../../schema/upload-limit.js';
import { documentedOnly, fields as queryFields } from '../../openapi/request-docs.js';

/** Same wording as the multipart limit in the error handler and the browser's own check before sending. */
const TOO_LARGE = UPLOAD_TOO_LARGE;

interface Received {
  /** Where the bytes wait until the form is complete (biz may come after the file). */
  tmp: string;
  clientName: string;
}

/** At most this many names asked at once. */
const NAMES_MAX = 50;

/**
 * The uploads and static files of contract §6.4: `POST /sys/common/upload` stores one file under
 * `<biz>/` in the upload store (the shared folder or the bucket), under a random name, once its
 * content is found to fit its name, and answers its relative path in `message`; `GET
 * /sys/common/static/*` streams a stored file back to whoever may read it (file-access.ts): open
 * for public files, else with the token (header or `?token=`, contract §2.3) of a reader of a record
 * holding it.
 */
export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const store = app.ctx.uploads;
  const ledger = new UploadLedger(app.ctx.db as never);
  // The engine's writes attach the files they name through the store they are handed (crud/file-fields.ts).
  bindLedger(store, ledger);

  /** Reads the whole form; the one `file` part goes to a temporary file, the rest are text fields. */
  const receive = async (req: FastifyRequest): Promise<{ file?: Received; fields: Record<string, unknown> }> => {
    if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
    const fields: Record<string, unknown> = {};
    let file: Received | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
        } else if (part.fieldname !== 'file') {
          part.file.resume();
        } else {
          file = { tmp: await incomingFile(store), clientName: part.filename };
          await pipeline(part.file, fs.createWriteStream(file.tmp));
          if (part.file.truncated) throw new ClientError(413, TOO_LARGE);
        }
      }
    } catch (err) {
      if (file) await fs.promises.rm(file.tmp, { force: true });
      throw err;
    }
    return { file, fields };
  };

  app.post('/sys/common/upload', { config: { access: 'login' } }, async (req) => {
    const { file, fields } = await receive(req);
    if (!file) throw badRequest('未收到上传的文件，请以表单字段 file 上传');
    try {
      const biz = parseBiz(fields.biz);
      if (!contentFitsName(file.clientName, await contentOfFile(file.tmp))) throw badRequest(CONTENT_MISMATCH);
      const { size } = await fs.promises.stat(file.tmp);
      const rel = await store.save(file.tmp, biz, file.clientName);
      try {
        await ledger.record(rel, { fileName: originalName(file.clientName), fileSize: size, createBy: req.user!.username });
      } catch (err) {
        await store.remove(rel).catch(() => undefined);
        throw err;
      }
      return ok(null, rel);
    } finally {
      await fs.promises.rm(file.tmp, { force: true });
    }
  });

  // The stored file sets its own policy below: images none (they cannot run anything), everything else a sandbox, PDFs shown inline included.
  app.get('/sys/common/static/*', { config: { public: true, ownContentPolicy: true, access: 'record' } }, async (req, reply) => {
    const notFound = () => reply.status(404).send(fail(NOT_FOUND_MESSAGE, 404));
    const asked = (req.params as { '*': string })['*'] ?? '';
    // The Vue 2 client asks for `static/null` for a row without an avatar (用户回收站); JeecgBoot answers that with an empty 200.
    if (asked === 'null') return reply.status(200).send();
    const rel = staticRelativePath(asked);
    if (!rel) return notFound();
    const { verdict, record } = await mayReadFile(app.ctx, req, rel);
    if (verdict === 'login') return reply.status(401).send(fail('请登录后查看该文件', 401));
    if (verdict === 'denied') return reply.status(403).send(fail('没有权限查看该文件', 403));
    const stored = await store.open(rel);
    if (!stored) return notFound();
    const { contentType, inline } = servedAs(rel);
    reply
      .type(contentType)
      .header('Content-Length', stored.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', record?.fileName ?? rel.slice(rel.lastIndexOf('/') + 1)));
    if (!contentType.startsWith('image/')) reply.header('Content-Security-Policy', 'sandbox');
    // A record's file: never kept by a shared cache, nor by the browser past the session that read it.
    if (verdict === 'allowed') reply.header('Cache-Control', 'private, no-store');
    return reply.send(stored.body);
  });

  /**
   * The names the stored files were uploaded under, for those of `paths` (comma-joined) the user may
   * read: the web app shows them instead of the random stored names.
   */
  app.get('/sys/common/fileNames', {
    config: { access: 'login' },
    ...documentedOnly({ querystring: queryFields({ paths: ['string', `存储路径，逗号分隔，至多${NAMES_MAX}个`] }, ['paths']) }),
  }, async (req) => {
    const raw = (req.query as Record<string, unknown> | undefined)?.paths;
    const paths = [...new Set(String(raw ?? '').split(',').map((p) => p.trim()).filter(Boolean))];
    if (paths.length > NAMES_MAX) throw badRequest(`一次最多查询${NAMES_MAX}个文件`);
    const names: Record<string, string> = {};
    for (const p of paths) {
      const rel = staticRelativePath(p);
      if (!rel) continue;
      const { verdict, record } = await mayReadFile(app.ctx, req, rel);
      if (record && (verdict === 'public' || verdict === 'allowed')) names[p] = record.fileName;
    }
    return ok(names);
  });
}
