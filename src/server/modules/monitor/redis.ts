import { Redis } from 'ioredis';

/** Chinese descriptions of the INFO fields an operator looks at first (JeecgBoot's RedisInfo list). */
const DESCRIPTIONS: Record<string, string> = {
  redis_version: 'Redis 服务器版本', redis_mode: '运行模式', os: '服务器宿主操作系统', arch_bits: '架构（32 或 64 位）',
  process_id: '服务器进程 PID', tcp_port: 'TCP/IP 监听端口', uptime_in_seconds: '自启动以来的秒数', uptime_in_days: '自启动以来的天数',
  connected_clients: '已连接客户端的数量', blocked_clients: '正在等待阻塞命令的客户端数量', maxclients: '最大客户端连接数',
  used_memory: '由 Redis 分配器分配的内存总量（字节）', used_memory_human: '已用内存（可读）', used_memory_rss: '操作系统分配给 Redis 的内存（字节）',
  used_memory_peak: '内存消耗峰值（字节）', used_memory_peak_human: '内存消耗峰值（可读）', maxmemory: '最大内存限制（字节）', maxmemory_policy: '内存淘汰策略',
  mem_fragmentation_ratio: '内存碎片率', total_connections_received: '已接受的连接总数', total_commands_processed: '已执行的命令总数',
  instantaneous_ops_per_sec: '每秒执行的命令数', keyspace_hits: '键命中次数', keyspace_misses: '键未命中次数', expired_keys: '已过期的键数量',
  evicted_keys: '因内存限制被淘汰的键数量', pubsub_channels: '订阅的频道数量', role: '主从角色', connected_slaves: '已连接的从服务器数量',
  rdb_last_save_time: '最近一次持久化的时间戳', rdb_changes_since_last_save: '最近一次持久化后的修改数', aof_enabled: '是否开启 AOF',
  used_cpu_sys: '系统态 CPU 时间（秒）', used_cpu_user: '用户态 CPU 时间（秒）',
};

export interface RedisInfoItem { section: string; key: string; value: string; description: string }

/** `INFO` text to rows, keeping the section each field belongs to. */
export function parseInfo(text: string): RedisInfoItem[] {
  const out: RedisInfoItem[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) { section = line.slice(1).trim(); continue; }
    const i = line.indexOf(':');
    if (i < 0) continue;
    const key = line.slice(0, i);
    out.push({ section, key, value: line.slice(i + 1), description: DESCRIPTIONS[key] ?? '' });
  }
  return out;
}

/** `db0:keys=12,expires=3,avg_ttl=0` rows of the Keyspace section. */
export function keyspace(items: RedisInfoItem[]): { db: string; keys: number; expires: number }[] {
  return items.filter((i) => i.section === 'Keyspace').map((i) => {
    const f = Object.fromEntries(i.value.split(',').map((p) => p.split('=')));
    return { db: i.key, keys: Number(f.keys ?? 0), expires: Number(f.expires ?? 0) };
  });
}

/** A client of its own for the Redis page, opened on first use and closed with the server. */
export class RedisProbe {
  private client?: Redis;

  constructor(private readonly url: string) {}

  private async connection(): Promise<Redis> {
    if (!this.client) {
      this.client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
      this.client.on('error', () => undefined); // reported per request below
      await this.client.connect();
    }
    return this.client;
  }

  async info() {
    const r = await this.connection();
    const [text, dbSize] = await Promise.all([r.info(), r.dbsize()]);
    const items = parseInfo(text);
    const value = (k: string) => items.find((i) => i.key === k)?.value;
    return {
      configured: true as const,
      dbSize,
      usedMemory: Number(value('used_memory') ?? 0),
      connectedClients: Number(value('connected_clients') ?? 0),
      opsPerSec: Number(value('instantaneous_ops_per_sec') ?? 0),
      hits: Number(value('keyspace_hits') ?? 0),
      misses: Number(value('keyspace_misses') ?? 0),
      version: value('redis_version') ?? '',
      keyspace: keyspace(items),
      items,
    };
  }

  async close(): Promise<void> {
    await this.client?.quit().catch(() => undefined);
    this.client = undefined;
  }
}
