import type { FastifySchema } from 'fastify';

type Json = Record<string, unknown>;

/**
 * Route options whose schema documents the request while the handler keeps its own checks: no ajv
 * validation or coercion, so the handler sees the request as before and answers bad input with its
 * own Chinese messages. For routes whose checks predate their schema.
 */
export function documentedOnly(schema: FastifySchema): { schema: FastifySchema; validatorCompiler: () => () => true } {
  return { schema, validatorCompiler: () => () => true };
}

/** `{type:'object', properties}` from `name: [type, description]` pairs. */
export function fields(props: Record<string, [string, string]>, required: string[] = []): Json {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(props).map(([k, [type, description]]) => [k, { type, description }])),
    ...(required.length ? { required } : {}),
  };
}

/** Paging parameters every list takes. */
export const PAGING: Record<string, [string, string]> = { pageNo: ['integer', '页码，从1开始'], pageSize: ['integer', '每页行数'] };
