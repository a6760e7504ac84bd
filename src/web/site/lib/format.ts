/** `YYYY-MM-DD HH:mm:ss` (or null) as the date part shown on cards. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : value;
}

/** A contest's dates as one line: `2025-03-01 至 2025-10-31`. */
export function dateRange(start: string | null | undefined, end: string | null | undefined): string {
  const a = formatDate(start);
  const b = formatDate(end);
  if (a && b) return `${a} 至 ${b}`;
  return a || b;
}
