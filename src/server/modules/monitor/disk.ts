import fs from 'node:fs/promises';
import path from 'node:path';

/** One mounted filesystem as 磁盘监控 shows it (bytes). */
export interface FilesystemUse {
  mount: string;
  device: string;
  type: string;
  size: number;
  used: number;
  free: number;
  /** Used, in percent of the size. */
  usage: number;
}

/** Kernel and virtual filesystems that hold no data of ours. */
const PSEUDO = new Set(['proc', 'sysfs', 'devpts', 'cgroup', 'cgroup2', 'mqueue', 'debugfs', 'tracefs', 'securityfs', 'pstore',
  'bpf', 'configfs', 'fusectl', 'hugetlbfs', 'autofs', 'binfmt_misc', 'nsfs', 'rpc_pipefs', 'devtmpfs', 'ramfs', 'squashfs', 'efivarfs', 'selinuxfs']);

/** The mount points listed by /proc/mounts (Linux); elsewhere the root alone. */
async function mounts(): Promise<{ mount: string; device: string; type: string }[]> {
  try {
    const text = await fs.readFile('/proc/mounts', 'utf8');
    return text.split('\n').filter(Boolean).map((line) => {
      const [device, mount, type] = line.split(' ');
      return { device, mount: mount.replace(/\\040/g, ' '), type };
    }).filter((m) => !PSEUDO.has(m.type));
  } catch {
    return [{ mount: path.parse(process.cwd()).root, device: '', type: '' }];
  }
}

/** Size, used and free of each real filesystem, one row per device (bind mounts of one device counted once). */
export async function filesystems(): Promise<FilesystemUse[]> {
  const seen = new Set<string>();
  const out: FilesystemUse[] = [];
  for (const m of await mounts()) {
    try {
      const s = await fs.statfs(m.mount);
      const size = s.blocks * s.bsize;
      if (!size) continue;
      const key = `${m.device}|${size}|${s.bfree}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const free = s.bavail * s.bsize;
      const used = size - s.bfree * s.bsize;
      out.push({ ...m, size, used, free, usage: Math.round((used / size) * 1000) / 10 });
    } catch { /* a mount we may not read */ }
  }
  return out;
}

/** Bytes and files under a directory, walking at most `limit` entries (a huge tree is reported as partial). */
export async function directoryUse(dir: string, limit = 50_000): Promise<{ path: string; bytes: number; files: number; partial: boolean }> {
  let bytes = 0;
  let files = 0;
  let seen = 0;
  const stack = [dir];
  while (stack.length && seen < limit) {
    const current = stack.pop()!;
    let entries: import('node:fs').Dirent[];
    try { entries = await fs.readdir(current, { withFileTypes: true }); } catch { continue; }
    for (const e of entries) {
      if (++seen > limit) break;
      const full = path.join(current, e.name);
      if (e.isDirectory()) stack.push(full);
      else if (e.isFile()) {
        try { bytes += (await fs.stat(full)).size; files++; } catch { /* removed meanwhile */ }
      }
    }
  }
  return { path: dir, bytes, files, partial: seen >= limit };
}
