import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { UPLOAD_MAX_BYTES } from '../../schema/upload-limit.js';
import { afterCommit, inTransaction, runLastInEveryTransaction } from '../db/transaction.js';
import type { AppContext } from './context.js';
import { ClientError, fail } from './result.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Idempotency keys (issue 42; Stripe's `Idempotency-Key` is the model). A write sent with the header
 * `Idempotency-Key` (1–64 visible ASCII characters) by a signed-in user runs once: the key is claimed
 * before the handler runs (a row in sys_idempotency_key, its primary key the user and the key), marked
 * committed inside the write's own transaction (the last statement of every transaction the request
 * opens, transaction.ts), and given the reply before the reply leaves. A repeat of the key:
 *
 * - same route and body, first one answered: its reply again, marked `Idempotent-Replayed: true`;
 *   nothing runs. Committed but its reply never stored (the process died between the two): a success
 *   envelope saying the request was done, marked the same way.
 * - same route and body, first one still running: 409 请求处理中, nothing runs. A claim whose process
 *   is gone (killed before its commit) is taken over, and the request runs.
 * - another route or body: 422.
 *
 * What is kept: every answer but the transient ones. A 5xx, 408, 409, 425 or 429 first attempt
 * deletes its claim (unless its write committed), so a retry runs again; any other answer, a 4xx
 * refusal or a JeecgBoot `success: false` with HTTP 200 included, is deterministic for that request
 * and is replayed (as Stripe does). Requests without the header, and requests of no signed-in user
 * (login, register: a key there could not be told apart from another person's), run as before.
 *
 * A write outside a transaction has no marker: its reply is kept after it runs, and a crash between
 * the two lets a retry run it again. The engine's writes and the modules' run in transactions.
 */

const HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const KEY_PATTERN = /^[\x21-\x7e]{1,64}$/;
const TABLE = 'sys_idempotency_key';
/** The reply headers kept and replayed with the body (others are the server's own on every reply). */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'location'];
/** Answers that say "not now" rather than "this request is wrong": not kept, so a retry runs. */
const TRANSIENT = new Set([408, 409, 425, 429]);
/** A claim still running this long after it was made is abandoned, whoever holds it. */
const LEASE_MS = 10 * 60_000;
/** A write committed this recently whose reply is not kept yet is still being answered. */
const ANSWERING_MS = 30_000;
/** An instance whose beacon (state/instances.ts) is older than this is gone. */
const INSTANCE_ALIVE_MS = 90_000;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key 无效：应为1至64个可见ASCII字符（字母、数字或符号，不含空格）',
  otherRequest: '幂等键已用于不同的请求内容，请为新的请求使用新的 Idempotency-Key',
  running: '请求处理中，请稍后再试',
  done: '该请求此前已处理成功',
  tooLarge: '请求体过大',
} as const;

type Phase = 'running' | 'committed' | 'settled' | 'released';

interface Claim {
  userId: string;
  key: string;
  route: string;
  phase: Phase;
  /** The multipart body's hash, made as the handler reads the body. */
  tap?: PartsHash;
}

interface Row {
  route: string;
  requestHash: string | null;
  state: string;
  owner: string;
  createdAt: number | string;
  statusCode: number | null;
  replyHeaders: string | null;
  replyBody: string | null;
}

const HOST = os.hostname().slice(0, 255);
const BOOT = randomUUID();
/** This process, as its claims name it: host, pid and a start id (a pid can be reused). */
const OWNER = `${HOST}|${process.pid}|${BOOT}`;
/** The claims this process is running now: `user \n key`. */
const running = new Set<string>();
const claimId = (c: { userId: string; key: string }) => `${c.userId}\n${c.key}`;
/** The claim of the request a piece of work serves, for the marker inside its transactions. */
const current = new AsyncLocalStorage<Claim>();
let open = 0;
const claims = new WeakMap<FastifyRequest, Claim>();

/**
 * The key's own statements (claim, reply, release) on PostgreSQL commit without waiting for the disk
 * (~5 ms each here): losing one to a crash of the database is safe. A lost claim loses the write made
 * under it too (the write's commit, which waits, would have flushed it first), and a lost reply
 * leaves the key committed, answered as done.
 */
function quickly<T>(ctx: AppContext, fn: (db: Kysely<any>) => Promise<T>): Promise<T> {
  const db = ctx.db as unknown as Kysely<any>;
  if (ctx.dialect !== 'postgres') return fn(db);
  // Outside the request's claim: this transaction is not the request's write.
  return current.exit(() => inTransaction(db, async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return fn(trx);
  }));
}

/** For tests that kill the process at a chosen point (test/api/idempotency-crash.test.ts). */
export const idempotencyProbe: { marked?: (key: string) => void; committed?: (key: string) => void } = {};

function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that made a running claim is gone, or has held it past the lease. */
async function abandoned(db: Kysely<any>, row: Row, id: string, now: number): Promise<boolean> {
  if (now - Number(row.createdAt) > LEASE_MS) return true;
  const [host, pidText, boot] = row.owner.split('|');
  const pid = Number(pidText);
  if (host === HOST) {
    if (pid === process.pid) return boot !== BOOT || !running.has(id);
    return !processRunning(pid);
  }
  const beacon = await db.selectFrom('sys_instance').select('seenAt').where('host', '=', host).where('pid', '=', pid)
    .orderBy('seenAt', 'desc').executeTakeFirst().catch(() => undefined);
  return !beacon || Number(beacon.seenAt) < now - INSTANCE_ALIVE_MS;
}

/**
 * A hash of a multipart body that does not depend on its boundary (a browser picks a new one for
 * each sending of the same form): every boundary line is hashed as one fixed separator. Fed in
 * chunks as they arrive; the bytes that may start a boundary are held back until the next chunk.
 */
class PartsHash {
  private readonly hash = createHash('sha256');
  private readonly marker: Buffer;
  private tail = Buffer.alloc(0);
  bytes = 0;
  ended = false;

  constructor(prefix: string, boundary: string) {
    this.hash.update(prefix);
    this.marker = Buffer.from(`--${boundary}`);
  }

  update(chunk: Buffer): void {
    this.bytes += chunk.length;
    const buf = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    let from = 0;
    for (let at = buf.indexOf(this.marker, from); at >= 0; at = buf.indexOf(this.marker, from)) {
      this.hash.update(buf.subarray(from, at));
      this.hash.update('\u0000--\u0000');
      from = at + this.marker.length;
    }
    const keep = Math.max(from, buf.length - (this.marker.length - 1));
    this.hash.update(buf.subarray(from, keep));
    this.tail = Buffer.from(buf.subarray(keep));
  }

  digest(): string {
    this.hash.update(this.tail);
    return this.hash.digest('hex');
  }
}

const boundaryOf = (req: FastifyRequest) => /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(String(req.headers['content-type'] ?? '')) ?? undefined;

/** What identifies the request besides its body: method, path and query (less the client's cache-buster and token). */
function requestLine(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
  params.delete('_t');
  params.delete('token');
  return `${req.method} ${path}?${params.toString()}\n`;
}

const isMultipart = (req: FastifyRequest) => /^multipart\//i.test(String(req.headers['content-type'] ?? ''));

/** The hash of a parsed (JSON, form or text) request. */
function bodyHash(req: FastifyRequest): string {
  const body = req.body;
  const text = Buffer.isBuffer(body) ? body.toString('base64') : JSON.stringify(body ?? null);
  return createHash('sha256').update(requestLine(req)).update(text ?? 'null').digest('hex');
}

/** Reads a multipart body the handler will not read (the request is answered from its key) for its hash. */
function readMultipartHash(req: FastifyRequest): Promise<string | 'too-large'> {
  const boundary = boundaryOf(req);
  const parts = new PartsHash(requestLine(req), boundary?.[1] ?? boundary?.[2] ?? '');
  const limit = UPLOAD_MAX_BYTES + 1024 * 1024;
  return new Promise((resolve, reject) => {
    const raw = req.raw;
    const onData = (d: Buffer) => {
      parts.update(d);
      if (parts.bytes > limit) {
        raw.off('data', onData);
        raw.resume();
        resolve('too-large');
      }
    };
    raw.on('data', onData);
    raw.once('end', () => resolve(parts.digest()));
    raw.once('error', reject);
  });
}

let multipartSymbol: symbol | null | undefined;
/** @fastify/multipart's per-request parser, through which req.file(), req.parts() and the others read the body. */
function findMultipartHandler(req: FastifyRequest): symbol | null {
  if (multipartSymbol !== undefined) return multipartSymbol;
  for (let proto = Object.getPrototypeOf(req); proto; proto = Object.getPrototypeOf(proto)) {
    const found = Object.getOwnPropertySymbols(proto).find((s) => s.description === 'multipartHandler');
    if (found) return (multipartSymbol = found);
  }
  return null; // not found on this request's prototypes: the multipart plugin is not registered here
}

/** Hashes the multipart body as the handler reads it: the data listener joins the parser's in the same tick. */
function tapMultipart(req: FastifyRequest, claim: Claim): void {
  const sym = findMultipartHandler(req);
  if (!sym) return;
  const parse = (req as any)[sym] as (...args: unknown[]) => unknown;
  (req as any)[sym] = function (this: FastifyRequest, ...args: unknown[]) {
    const result = parse.apply(this, args);
    if (!claim.tap) {
      const boundary = boundaryOf(req);
      const tap = new PartsHash(requestLine(req), boundary?.[1] ?? boundary?.[2] ?? '');
      claim.tap = tap;
      req.raw.on('data', (d: Buffer) => tap.update(d));
      req.raw.once('end', () => { tap.ended = true; });
    }
    return result;
  };
}

function replay(reply: FastifyReply, row: Row): FastifyReply {
  const kept = row.replyHeaders ? JSON.parse(row.replyHeaders) as { headers: Record<string, string>; base64?: boolean } : { headers: {} };
  for (const [name, value] of Object.entries(kept.headers)) reply.header(name, value);
  reply.header(REPLAYED_HEADER, 'true');
  const body = row.replyBody ?? '';
  return reply.status(Number(row.statusCode)).send(kept.base64 ? Buffer.from(body, 'base64') : body);
}

/** The reply of a request whose write committed but whose own reply was never kept. */
const committedReply = (reply: FastifyReply) => reply.status(200).header(REPLAYED_HEADER, 'true')
  .send({ success: true, message: IDEMPOTENCY_MESSAGES.done, code: 200, result: null, timestamp: Date.now() });

const refuse = (reply: FastifyReply, status: number, message: string) => reply.status(status).send(fail(message, status));

/**
 * Claims the request's key, or answers the request from it. Null: no key (or no user), run as
 * usual; 'answered': the reply is sent; a claim: run the handler under it.
 */
async function claimKey(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, route: string): Promise<Claim | 'answered' | null> {
  const raw = req.headers[HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) { refuse(reply, 400, IDEMPOTENCY_MESSAGES.badKey); return 'answered'; }
  if (!req.user) return null;
  const db = ctx.db as unknown as Kysely<any>;
  const multipart = isMultipart(req);
  const hash = multipart ? null : bodyHash(req);
  const claim: Claim = { userId: req.user.id, key: raw, route, phase: 'running' };
  const id = claimId(claim);
  const fresh = { route, requestHash: hash, state: 'running', owner: OWNER, statusCode: null, replyHeaders: null, replyBody: null };

  for (let attempt = 0; attempt < 3; attempt++) {
    const now = Date.now();
    const inserted = await quickly(ctx, (q) => q.insertInto(TABLE).values({ userId: claim.userId, idemKey: claim.key, ...fresh, createdAt: now })
      .onConflict((oc) => oc.doNothing()).executeTakeFirst());
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return claim;

    const readRow = async () => await db.selectFrom(TABLE).select(['route', 'requestHash', 'state', 'owner', 'createdAt', 'statusCode', 'replyHeaders', 'replyBody'])
      .where('userId', '=', claim.userId).where('idemKey', '=', claim.key).executeTakeFirst() as Row | undefined;
    const row = await readRow();
    if (!row) continue; // released between the two: claim again
    const takeOver = async () => {
      const res = await db.updateTable(TABLE).set({ ...fresh, createdAt: now })
        .where('userId', '=', claim.userId).where('idemKey', '=', claim.key)
        .where('owner', '=', row.owner).where('createdAt', '=', row.createdAt).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    };
    if (Number(row.createdAt) < now - ctx.config.idempotency.keepMs) {
      if (await takeOver()) return claim;
      continue;
    }
    if (row.route !== route) { refuse(reply, 422, IDEMPOTENCY_MESSAGES.otherRequest); return 'answered'; }
    if (row.requestHash !== null) {
      const mine = multipart ? await readMultipartHash(req) : hash;
      if (mine === 'too-large') { refuse(reply, 413, IDEMPOTENCY_MESSAGES.tooLarge); return 'answered'; }
      if (mine !== row.requestHash) { refuse(reply, 422, IDEMPOTENCY_MESSAGES.otherRequest); return 'answered'; }
    }
    if (row.state === 'done') { replay(reply, row); return 'answered'; }
    if (row.state === 'committed') {
      // The write is in; its reply is on its way, or was lost with the process that made it.
      if (now - Number(row.createdAt) < ANSWERING_MS && !(await abandoned(db, { ...row, createdAt: now }, id, now))) {
        reply.header('Retry-After', '1');
        refuse(reply, 409, IDEMPOTENCY_MESSAGES.running);
      } else {
        // Its reply may have been kept since the row was read (the request that made it then looks
        // finished here): answer with that reply rather than the bare "done".
        const again = await readRow();
        if (again?.state === 'done') replay(reply, again);
        else committedReply(reply);
      }
      return 'answered';
    }
    if (await abandoned(db, row, id, now)) {
      if (await takeOver()) return claim;
      continue;
    }
    reply.header('Retry-After', '1');
    refuse(reply, 409, IDEMPOTENCY_MESSAGES.running);
    return 'answered';
  }
  reply.header('Retry-After', '1');
  refuse(reply, 409, IDEMPOTENCY_MESSAGES.running);
  return 'answered';
}

/** Lets a retry run again: the claim goes, unless its write committed meanwhile. */
async function release(ctx: AppContext, claim: Claim): Promise<void> {
  claim.phase = 'released';
  const res = await quickly(ctx, (db) => db.deleteFrom(TABLE).where('userId', '=', claim.userId).where('idemKey', '=', claim.key)
    .where('owner', '=', OWNER).where('state', '=', 'running').executeTakeFirst());
  if (Number(res.numDeletedRows) === 0) claim.phase = 'committed';
  else running.delete(claimId(claim));
}

/** Keeps the reply with the key (before it is sent), or lets the key go when the answer was transient. */
async function settle(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, claim: Claim, payload: unknown): Promise<void> {
  if (claim.phase === 'released' || claim.phase === 'settled') return;
  const status = reply.statusCode;
  try {
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload === undefined || payload === null;
    if ((status >= 500 || TRANSIENT.has(status) || !storable) && claim.phase === 'running') {
      await release(ctx, claim);
      if ((claim.phase as Phase) === 'released') return;
    }
    if (!storable) return; // a streamed reply is not kept: a repeat is told the write was done
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const v = reply.getHeader(name);
      if (v !== undefined) headers[name] = String(v);
    }
    const base64 = Buffer.isBuffer(payload);
    await quickly(ctx, (db) => db.updateTable(TABLE).set({
      state: 'done', statusCode: status, replyHeaders: JSON.stringify({ headers, ...(base64 && { base64 }) }),
      replyBody: base64 ? (payload as Buffer).toString('base64') : (payload as string | null | undefined) ?? '',
      ...(claim.tap && { requestHash: claim.tap.ended ? claim.tap.digest() : null }),
    }).where('userId', '=', claim.userId).where('idemKey', '=', claim.key).where('owner', '=', OWNER).execute());
  } catch (err) {
    req.log.error({ err }, 'idempotency key: keeping the reply failed');
  } finally {
    claim.phase = 'settled';
    running.delete(claimId(claim));
  }
}

/** The last statement of each transaction a keyed request opens: its claim, marked committed with the write. */
async function markCommitted(trx: Kysely<any>): Promise<void> {
  const claim = current.getStore();
  if (!claim || claim.phase === 'committed' || claim.phase === 'settled') return;
  // Released (the client went away) or taken over by another process: the write must not go in.
  if (claim.phase === 'released') throw new ClientError(409, IDEMPOTENCY_MESSAGES.running);
  const res = await sql`update sys_idempotency_key set state = 'committed' where user_id = ${claim.userId} and idem_key = ${claim.key} and owner = ${OWNER} and state = 'running'`.execute(trx);
  if (Number(res.numAffectedRows ?? 0) !== 1) throw new ClientError(409, IDEMPOTENCY_MESSAGES.running);
  idempotencyProbe.marked?.(claim.key);
  afterCommit(() => {
    if (claim.phase === 'running') claim.phase = 'committed';
    idempotencyProbe.committed?.(claim.key);
  });
}

/**
 * Runs a write under its idempotency key, if it has one: `route` is what the key is bound to
 * (method and route pattern). Called by the handler wrapper below and by the schema pages'
 * dispatcher (crud/crud-dispatch.ts), once it has admitted the user.
 */
export async function runIdempotent(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, route: string, run: () => unknown): Promise<unknown> {
  if (!WRITES.has(req.method) || req.headers[HEADER] === undefined) return run();
  const claim = await claimKey(ctx, req, reply, `${req.method} ${route}`);
  if (claim === 'answered') return reply;
  if (claim === null) return run();
  running.add(claimId(claim));
  claims.set(req, claim);
  if (isMultipart(req)) tapMultipart(req, claim);
  // A client that goes away before its answer: its claim goes too, so its retry runs (a write not
  // yet committed then fails its marker and rolls back).
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished && claim.phase === 'running') release(ctx, claim).catch((err) => req.log.error({ err }, 'idempotency key: release failed'));
  });
  open++;
  try {
    const result = await current.run(claim, run);
    return result === undefined ? reply : result;
  } finally {
    // As transaction.ts does: an enabled store costs every promise of the process a hook.
    if (--open === 0) current.disable();
  }
}

/**
 * Every write route of the API scope `api` declared after this call honours `Idempotency-Key`
 * (the dispatcher's routes through runIdempotent); replies are kept in onSend, before they leave.
 */
export function installIdempotency(api: FastifyInstance): void {
  const ctx = api.ctx;
  runLastInEveryTransaction(markCommitted);
  api.addHook('onRoute', (route) => {
    if (route.config?.dispatch) return;
    if (![route.method].flat().some((m) => WRITES.has(String(m).toUpperCase()))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function idempotent(this: FastifyInstance, req, reply) {
      if (req.headers[HEADER] === undefined || !WRITES.has(req.method)) return handler.call(this, req, reply);
      return runIdempotent(ctx, req, reply, req.routeOptions.url ?? req.url, () => handler.call(this, req, reply));
    } as RouteHandlerMethod;
  });
  api.addHook('onSend', async (req, reply, payload) => {
    const claim = claims.get(req);
    if (!claim) return payload;
    claims.delete(req);
    await settle(ctx, req, reply, claim, payload);
    return payload;
  });
}

/** Deletes the keys made before `before` (ms): what IdempotencyKeyPurgeJob runs. Answers how many. */
export async function purgeIdempotencyKeys(db: Kysely<any>, before: number): Promise<number> {
  const res = await db.deleteFrom(TABLE).where('createdAt', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
