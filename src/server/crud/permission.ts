import type { FastifyRequest } from 'fastify';
import { grantsOf } from '../auth/grants.js';
import type { Db } from '../db/tables.js';
import { forbidden } from '../http/result.js';

/** The active button codes the request's user holds through their roles (read once per request). */
export async function requestActions(db: Db, req: FastifyRequest): Promise<Set<string>> {
  return (await grantsOf(db, req)).buttons;
}

/** Refuses the request with 403 unless the user holds the code; checked on the server, whatever the UI shows. */
export async function requireAction(db: Db, req: FastifyRequest, code: string | undefined): Promise<void> {
  if (!code) return;
  if (!(await requestActions(db, req)).has(code)) throw forbidden();
}
