/**
 * Keeps secrets out of the server log. A token may travel as `?token=` (contract §2.3), and a
 * password, captcha or SMS code may sit in a logged body or error: none of them is ever written.
 */

export const REDACTED = '***';

/** Names that are secrets as a whole word (a code, a signature, a session or ticket, an API key), or any name holding a secret's word. */
const SECRET_NAME = /^(?:code|pwd|pass|sign|signature|sig|ticket|auth|authorization|session|sessionid|sid|apikey|accesskey|secretkey)$|password|passwd|token|captcha|secret|smscode/;

const seenNames = new Map<string, boolean>();

/**
 * Query parameter names whose values are secrets (compared without case, `_` or `-`): the one rule
 * of the server log and of 请求追踪. A captcha's `checkKey` or a `dictCode` names no secret.
 */
function isSecretName(name: string): boolean {
  let secret = seenNames.get(name);
  if (secret === undefined) {
    secret = SECRET_NAME.test(name.toLowerCase().replace(/[-_]/g, ''));
    // The same few names come on every request; a client inventing names only refills the memo.
    if (seenNames.size >= 1000) seenNames.clear();
    seenNames.set(name, secret);
  }
  return secret;
}

function decodeName(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  try { return decodeURIComponent(raw.replace(/\+/g, ' ')); } catch { return raw; }
}

/**
 * The URL with the value of every secret query parameter replaced by `***`; the rest untouched.
 * It runs on every request (log line and trace): a URL without a secret is returned as it came.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  let out = '';
  let copied = 0; // url[0, copied) is in out once a secret has been found
  for (let at = q + 1; at <= url.length;) {
    let end = url.indexOf('&', at);
    if (end < 0) end = url.length;
    const eq = url.indexOf('=', at);
    if (eq >= 0 && eq < end && isSecretName(decodeName(url.slice(at, eq)))) {
      out += url.slice(copied, eq + 1) + REDACTED;
      copied = end;
    }
    at = end + 1;
  }
  return copied ? out + url.slice(copied) : url;
}

// Field names of secrets in anything logged as an object (a body, an error's own properties).
const SECRET_FIELDS = ['password', 'oldpassword', 'newPassword', 'confirmPassword', 'token', 'resetToken', 'captcha', 'smscode', 'smsCode'];
const SECRET_HEADERS = ['x-access-token', 'authorization', 'cookie'];

/** pino `redact` paths: secret headers of logged headers, secret fields up to three levels deep. */
export const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`]),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's own request serializer, with the URL's secrets redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Logger options for `buildApp`: the level plus everything above. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest },
  };
}
