import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** A raw TCP client: what it was sent, and when (ms after opening) the server closed it. */
interface Raw { socket: net.Socket; heard: () => string; closedAfter: Promise<number> }

function connect(port: number, first?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let heard = '';
    const socket = net.connect(port, '127.0.0.1');
    const closedAfter = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.on('data', (d) => { heard += String(d); });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      if (first) socket.write(first);
      resolve({ socket, heard: () => heard, closedAfter });
    });
    socket.once('error', reject);
  });
}

const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

/**
 * The HTTP server's own limits (HTTP_* in docs/operations.md): headers and whole requests that come too
 * slowly are cut off with 408, an idle kept-alive connection is closed, and the connections held
 * at once are capped — while everyone else is still answered.
 */
describe(`HTTP timeouts and connection cap [${BACKEND}]`, () => {
  let s: TestServer;
  let port: number;
  const open: Raw[] = [];
  beforeAll(async () => {
    s = await startServer({ env: { HTTP_HEADERS_TIMEOUT_MS: '600', HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000' } });
    port = Number(new URL(s.baseUrl).port);
  });
  afterAll(async () => {
    for (const r of open) r.socket.destroy();
    await s?.close();
  });
  const raw = async (first?: string) => { const r = await connect(port, first); open.push(r); return r; };

  it('closes sockets whose headers stall (slowloris) within the header timeout, with 408, and answers others meanwhile', async () => {
    const stalled = await Promise.all(Array.from({ length: 20 }, () => raw('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')));
    const silent = await raw();
    // While they hang, the server answers a real request at once.
    const started = Date.now();
    const health = await fetch(`${s.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    // Each is closed by the server (600 ms, looked for every 150 ms), well before the test's own deadline.
    const closed = await within(Promise.all(stalled.map((r) => r.closedAfter)), 3000);
    for (const ms of closed) {
      expect(ms).toBeGreaterThanOrEqual(550);
      expect(ms).toBeLessThan(1500);
    }
    for (const r of stalled) {
      expect(r.heard()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(r.heard()).toContain('"message":"请求超时"');
    }
    // A connection that never sends a byte is closed the same way.
    expect(await within(silent.closedAfter, 3000)).toBeLessThan(1500);
    expect((await fetch(`${s.baseUrl}/health`)).status).toBe(200);
  });

  it('closes a request whose body stalls within the request timeout', async () => {
    const r = await raw('POST /jeecg-boot/sys/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":');
    const ms = await within(r.closedAfter, 4000);
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(3000);
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const r = await raw('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const ms = await within(r.closedAfter, 5000);
    expect(r.heard()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(r.heard()).toContain('Keep-Alive: timeout=1\r\n');
    // Node gives a kept-alive socket up to a second past its timeout before it closes it (Fastify's default keeps it 72 s).
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4000);
  });

  it('holds at most HTTP_MAX_CONNECTIONS sockets: one more is dropped, the others served', async () => {
    const capped = await startServer({ env: { HTTP_MAX_CONNECTIONS: '3' } });
    const mine: Raw[] = [];
    try {
      const cappedPort = Number(new URL(capped.baseUrl).port);
      for (let i = 0; i < 3; i++) mine.push(await connect(cappedPort));
      const extra = await connect(cappedPort);
      mine.push(extra);
      expect(await within(extra.closedAfter, 2000)).toBeLessThan(1000);
      expect(extra.heard()).toBe('');
      // The three held are still served.
      mine[0].socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      await within(mine[0].closedAfter, 2000);
      expect(mine[0].heard()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    } finally {
      for (const r of mine) r.socket.destroy();
      await capped.close();
    }
  });

  it('reads the limits from the environment, with defaults a deployment wants, and refuses malformed ones', () => {
    expect(readConfig({}).http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 5_000, connectionTimeoutMs: 0, maxConnections: 10_000 });
    expect(readConfig({ HTTP_REQUEST_TIMEOUT_MS: '0', HTTP_HEADERS_TIMEOUT_MS: '0' }).http).toMatchObject({ headersTimeoutMs: 0, requestTimeoutMs: 0 });
    expect(() => readConfig({ HTTP_HEADERS_TIMEOUT_MS: '10s' })).toThrow('HTTP_HEADERS_TIMEOUT_MS must be a whole number of milliseconds, got "10s"');
    expect(() => readConfig({ HTTP_MAX_CONNECTIONS: '0' })).toThrow('HTTP_MAX_CONNECTIONS must be a whole number of at least 1, got "0"');
    expect(() => readConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' }))
      .toThrow('HTTP_HEADERS_TIMEOUT_MS (20000) must not be longer than HTTP_REQUEST_TIMEOUT_MS (10000)');
  });
});
