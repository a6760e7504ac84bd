import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, ClientError, fail, ok } from '../../http/result.js';
import { NOT_FOUND_MESSAGE } from '../../http/errors.js';
import { contentDisposition, servedAs, staticRelativePath } from './static-file.js';
import { parseBiz } from './upload-names.js';
import { incomingFile } from './upload-store.js';
import { UPLOAD_TOO_LARGE } from '../../../schema/upload-limit.js';

/** Same wording as the multipart limit in the error handler and the browser's own check before sending. */
const TOO_LARGE = UPLOAD_TOO_LARGE;

interface Received {
  /** Where the bytes wait until the form is complete (biz may come after the file). */
  tmp: string;
  clientName: string;
}

/**
 * The uploads and static files of contract §6.4: `POST /sys/common/upload` stores one file under
 * `<biz>/` in the upload store (the shared folder or the bucket) and answers its relative path in
 * `message`; `GET /sys/common/static/*` (public) streams a stored file back.
 */
export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const store = app.ctx.uploads;

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
      return ok(null, await store.save(file.tmp, parseBiz(fields.biz), file.clientName));
    } finally {
      await fs.promises.rm(file.tmp, { force: true });
    }
  });

  // The stored file sets its own policy below: none for what is shown inline (a PDF viewer must run), sandbox for downloads.
  app.get('/sys/common/static/*', { config: { public: true, ownContentPolicy: true } }, async (req, reply) => {
    const notFound = () => reply.status(404).send(fail(NOT_FOUND_MESSAGE, 404));
    const rel = staticRelativePath((req.params as { '*': string })['*'] ?? '');
    const stored = rel && await store.open(rel);
    if (!rel || !stored) return notFound();
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    const { contentType, inline } = servedAs(name);
    reply
      .type(contentType)
      .header('Content-Length', stored.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', name));
    if (!inline) reply.header('Content-Security-Policy', 'sandbox');
    return reply.send(stored.body);
  });
}
