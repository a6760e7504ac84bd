import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestValidation } from './lazy-validation';

/** A route's own JSON schema reads values by the page validators' rule (schema/coercion.ts), not Ajv's. */
describe('requestValidation', () => {
  const app = Fastify(requestValidation());
  beforeAll(async () => {
    app.post('/echo', {
      schema: {
        body: { type: 'object', properties: { n: { type: 'integer' }, d: { type: ['number', 'null'] }, b: { type: 'boolean' }, s: { type: 'string' } } },
        querystring: { type: 'object', properties: { pageNo: { type: 'integer', minimum: 1 }, on: { type: 'boolean' }, ids: { type: 'array', items: { type: 'string' } } } },
      },
    }, async (req) => ({ body: req.body, query: req.query }));
    await app.ready();
  });
  afterAll(() => app.close());
  const send = (body: unknown, query = '') => app.inject({ method: 'POST', url: `/echo${query}`, payload: body as object });

  it('reads a number sent as text in a body and in a query string', async () => {
    const res = await send({ n: '1', d: ' 2.5 ', b: 'TRUE', s: 3 }, '?pageNo=2&on=1&ids=a');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { n: 1, d: 2.5, b: true, s: '3' }, query: { pageNo: 2, on: true, ids: ['a'] } });
    expect((await send({ d: '', n: null })).json().body).toEqual({ d: null });
  });

  it('refuses other text, and what Ajv used to read (0x10, 1e2, true as a number, "1" as a boolean)', async () => {
    for (const body of [{ n: 'abc' }, { n: '0x10' }, { n: '1e2' }, { n: '1.0' }, { n: true }, { b: '1' }, { b: 'yes' }, { d: 'NaN' }]) {
      expect((await send(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await send({}, '?pageNo=0')).statusCode).toBe(400);
    expect((await send({}, '?pageNo=x')).statusCode).toBe(400);
  });
});
