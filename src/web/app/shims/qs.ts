// What umi-request uses of qs, for the browser build (alias in vite.config.ts): qs and its helpers
// (side-channel, object-inspect, get-intrinsic) were 22 KB gzip of the login page.
// stringify: as qs.stringify(value, { arrayFormat: 'repeat', strictNullHandling: true }) — the only way
// umi-request calls it (query parameters and form bodies). parse: as qs.parse(text, { strictNullHandling:
// true }) for flat keys, which umi-request calls only when given URLSearchParams (this app never does).

// qs's RFC 3986 encoding: encodeURIComponent's, plus ! ' ( ) * escaped.
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function add(out: string[], key: string, value: unknown): void {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
  if (value === null) out.push(encode(key));
  else if (value instanceof Date) out.push(`${encode(key)}=${encode(value.toISOString())}`);
  else if (Array.isArray(value)) for (const v of value) add(out, key, v);
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(out, `${key}[${k}]`, v);
  else out.push(`${encode(key)}=${encode(String(value))}`);
}

export function stringify(value: unknown): string {
  const out: string[] = [];
  if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) add(out, k, v);
  return out.join('&');
}

const decode = (s: string) => {
  const spaced = s.replace(/\+/g, ' ');
  try { return decodeURIComponent(spaced); } catch { return spaced; }
};

export function parse(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const part of text.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const key = decode(at < 0 ? part : part.slice(0, at));
    const value = at < 0 ? null : decode(part.slice(at + 1));
    out[key] = Object.hasOwn(out, key) ? ([] as unknown[]).concat(out[key], value) : value;
  }
  return out;
}

export default { stringify, parse };
