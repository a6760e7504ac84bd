import { expect } from 'vitest';
import type { ApiResponse } from './server.js';

export interface Expected {
  /** HTTP status, 200 unless given. */
  status?: number;
  success?: boolean;
  code?: number;
  message?: string | RegExp;
}

/**
 * Asserts the JeecgBoot Result envelope (contract §1): success, message, code, result, timestamp,
 * plus whatever of status/success/code/message the test names.
 */
export function expectEnvelope(res: ApiResponse, want: Expected = {}): any {
  const ctx = `${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, ctx).toBe(want.status ?? 200);
  const body = res.body;
  expect(typeof body, ctx).toBe('object');
  expect(typeof body.success, ctx).toBe('boolean');
  expect(typeof body.message, ctx).toBe('string');
  expect(typeof body.code, ctx).toBe('number');
  expect(body, ctx).toHaveProperty('result');
  expect(typeof body.timestamp, ctx).toBe('number');
  expect(Math.abs(Date.now() - body.timestamp), ctx).toBeLessThan(60_000);
  if (want.success !== undefined) expect(body.success, ctx).toBe(want.success);
  if (want.code !== undefined) expect(body.code, ctx).toBe(want.code);
  if (typeof want.message === 'string') expect(body.message, ctx).toBe(want.message);
  else if (want.message) expect(body.message, ctx).toMatch(want.message);
  return body;
}

/** A successful call: HTTP 200, success true, code 200. Returns `result`. */
export function expectOk(res: ApiResponse, message?: string): any {
  return expectEnvelope(res, { success: true, code: 200, message }).result;
}

/** A business refusal answered with HTTP 200 and success false (JeecgBoot `Result.error`). */
export function expectRefused(res: ApiResponse, message: string | RegExp, code = 500): void {
  expectEnvelope(res, { success: false, code, message });
}

/** The 401 of the token guard: HTTP 401 with success left true (contract §1). */
export function expect401(res: ApiResponse, message: string): void {
  expectEnvelope(res, { status: 401, success: true, code: 401, message });
  expect(res.body.result).toBeNull();
}
