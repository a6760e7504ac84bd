import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { keyspace, parseInfo, RedisProbe } from './redis.js';
import { RequestTrace, redactedPath, type TraceEntry } from './trace.js';

const entry = (i: number, over: Partial<TraceEntry> = {}): TraceEntry => ({
  time: 1_700_000_000_000 + i * 10, method: 'GET', path: `/p/${i}`, route: '/p/:i', status: 200, durationMs: i, user: 'u', ip: '127.0.0.1', ...over,
});

describe('request trace', () => {
  it('hides the values of secret-looking query parameters and keeps the others', () => {
    expect(redactedPath('/a?token=abc&pageNo=2&password=x&X-Access-Token=t&captcha=1234')).toBe('/a?token=***&pageNo=2&password=***&X-Access-Token=***&captcha=***');
    expect(redactedPath('/a')).toBe('/a');
    expect(redactedPath('/a?')).toBe('/a');
  });

  it('keeps only the last `capacity` requests, newest first, and figures per route and status class', () => {
    const t = new RequestTrace(3);
    for (let i = 1; i <= 5; i++) t.record(entry(i, { status: i === 5 ? 503 : 200 }));
    expect(t.entries().map((e) => e.path)).toEqual(['/p/5', '/p/4', '/p/3']);
    const s = t.summary(1_700_000_002_000); // the last minute counts whole seconds only
    expect(s.total).toBe(5);
    expect(s.statusMix).toEqual({ '2xx': 4, '3xx': 0, '4xx': 0, '5xx': 1 });
    expect(s.slowest[0]).toMatchObject({ route: 'GET /p/:i', count: 5, maxMs: 5, meanMs: 3, errors: 1 });
    expect(s.lastMinute.reduce((n, x) => n + x.count, 0)).toBe(5);
  });
});

describe('Redis INFO', () => {
  const info = '# Server\r\nredis_version:7.0.15\r\n\r\n# Memory\r\nused_memory:1024\r\n# Keyspace\r\ndb0:keys=12,expires=3,avg_ttl=0\r\ndb4:keys=1,expires=0,avg_ttl=0\r\n';

  it('parses sections, fields with their Chinese descriptions, and the keyspace', () => {
    const items = parseInfo(info);
    expect(items.find((i) => i.key === 'redis_version')).toEqual({ section: 'Server', key: 'redis_version', value: '7.0.15', description: 'Redis 服务器版本' });
    expect(keyspace(items)).toEqual([{ db: 'db0', keys: 12, expires: 3 }, { db: 'db4', keys: 1, expires: 0 }]);
  });

  const url = `${(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/7`;
  const reachable = String(spawnSync('redis-cli', ['-u', url, 'ping'], { encoding: 'utf8' }).stdout).includes('PONG');
  it.skipIf(!reachable)('reads a real server: key count and memory', async () => {
    const probe = new RedisProbe(url);
    try {
      const r = await probe.info();
      expect(r.version).toMatch(/^\d+\./);
      expect(r.usedMemory).toBeGreaterThan(0);
      expect(r.dbSize).toBeGreaterThanOrEqual(0);
      expect(r.items.some((i) => i.section === 'Clients')).toBe(true);
    } finally {
      await probe.close();
    }
  });
});
