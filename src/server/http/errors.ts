import type { FastifyError, FastifyInstance } from 'fastify';
import { DatabaseBusyError } from '../db/transaction.js';
import { UPLOAD_TOO_LARGE } from '../../schema/upload-limit.js';
import { ClientError, fail } from './result.js';

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求类型',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
  FST_REQ_FILE_TOO_LARGE: UPLOAD_TOO_LARGE,
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 上传文件',
};

const BROKEN_MULTIPART_MESSAGE = '上传内容不完整或格式错误';
// The multipart parser (@fastify/busboy, or busboy's own wording) throws plain Errors with no code
// or status for a body the client broke: no boundary, cut short, a part header it cannot read.
const BROKEN_MULTIPART_TEXT = /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|(Part|Preamble) terminated early|Malformed part header)/;

/** A multipart body the client sent broken: its mistake, never a server error. */
function isBrokenMultipart(err: FastifyError): boolean {
  if (err.code === 'FST_MP_PREMATURE_CLOSE') return true;
  return err.statusCode === undefined && typeof err.message === 'string' && BROKEN_MULTIPART_TEXT.test(err.message);
}

/**
 * Every error becomes a Result envelope. Client mistakes keep their 4xx status and say what is
 * wrong; anything else is logged and answered with a generic 500 that leaks nothing (no SQL).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ClientError) return reply.status(err.statusCode).send(fail(err.message, err.statusCode));
    if (err instanceof DatabaseBusyError) return reply.status(503).header('Retry-After', '5').send(fail(err.message, 503));
    if (isBrokenMultipart(err)) return reply.status(400).send(fail(BROKEN_MULTIPART_MESSAGE, 400));
    if (err.validation) {
      const first = err.validation[0];
      const where = `${err.validationContext ?? 'request'}${first?.instancePath ?? ''}`;
      const message = `参数错误: ${where} ${first?.message ?? err.message}`;
      return reply.status(400).send(fail(message, 400));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (err.code && FASTIFY_CLIENT_ERRORS[err.code]) || (err instanceof SyntaxError ? '请求体不是合法的JSON' : '请求有误');
      return reply.status(status).send(fail(message, status));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail('操作失败，服务器内部错误', 500));
  });
}

export const NOT_FOUND_MESSAGE = '路径不存在，请检查路径是否正确';

export function installNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_req, reply) => {
    reply.status(404).send(fail(NOT_FOUND_MESSAGE, 404));
  });
}

const NUL_MESSAGE = '请求包含非法字符';

/**
 * A NUL character is never meaningful input, and PostgreSQL refuses it in text: refuse it at the
 * door, in the URL and in JSON bodies, so no database ever sees it.
 */
export function rejectNulBytes(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    // eslint-disable-next-line no-control-regex -- a NUL byte is what this refuses
    if (/%00|\u0000/i.test(req.url)) { reply.status(400).send(fail(NUL_MESSAGE, 400)); return; }
    done();
  });
  const parseJson = app.getDefaultJsonParser('error', 'error'); // keeps the __proto__/constructor guard
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.includes('\\u0000') || text.includes('\u0000')) return done(new ClientError(400, NUL_MESSAGE), undefined);
    parseJson(req, text, done);
  });
}
