/** The JeecgBoot Result envelope (contract §1). */
export interface Result<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T | null;
  timestamp: number;
}

export function ok<T>(result: T, message = ''): Result<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** `Result.ok("text")`: the text is both message and result (contract §14.1). */
export function okMessage(message: string): Result<string> {
  return { success: true, message, code: 200, result: message, timestamp: Date.now() };
}

export function fail(message: string, code = 500, result: unknown = null): Result {
  return { success: false, message, code, result, timestamp: Date.now() };
}

/**
 * A client mistake with a clear message: answered with its HTTP status (4xx) and the same status as
 * `code` in the envelope. Business refusals that JeecgBoot answers with HTTP 200 use `fail` instead.
 */
export class ClientError extends Error {
  constructor(public readonly statusCode: number, message: string) {
    super(message);
  }
}

export const badRequest = (message: string) => new ClientError(400, message);
export const forbidden = (message = '没有权限，请联系管理员授权') => new ClientError(403, message);
export const notFound = (message = '未找到对应数据') => new ClientError(404, message);
