/** Bytes as people read them: 1.5 GB, 300 MB. */
export function bytes(n: number | null | undefined): string {
  if (n == null || !Number.isFinite(n)) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return `${v.toFixed(i && v < 10 ? 2 : i ? 1 : 0)} ${units[i]}`;
}

/** Seconds as 3天 4小时 5分. */
export function duration(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d) return `${d}天 ${h}小时 ${m}分`;
  if (h) return `${h}小时 ${m}分`;
  return `${m}分 ${Math.floor(seconds % 60)}秒`;
}

export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
