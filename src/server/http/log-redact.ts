/**
 * Keeps secrets out of the server log. A token may travel as `?token=` (contract §2.3), and a
 * password, captcha or SMS code may sit in a logged body or error: none of them is ever written.
 */

export const REDACTED = '***';

/** Names that are secrets as a whole word: a code, a signature, a session or ticket, an API key. */
const SECRET_WORDS = new Set(['code', 'pwd', 'pass', 'sign', 'signature', 'sig', 'ticket', 'auth', 'authorization', 'session', 'sessionid', 'sid', 'apikey', 'accesskey', 'secretkey']);

/**
 * Query parameter names whose values are secrets (compared without case, `_` or `-`): the one rule
 * of the server log and of 请求追踪. A captcha's `checkKey` or a `dictCode` names no secret.
 */
function isSecretName(name: string): boolean {
  const n = name.toLowerCase().replace(/[-_]/g, '');
  return SECRET_WORDS.has(n) || /password|passwd|token|captcha|secret|smscode/.test(n);
}

function decodeName(raw: string): string {
  try { return decodeURIComponent(raw.replace(/\+/g, ' ')); } catch { return raw; }
}

/** The URL with the value of every secret query parameter replaced by `***`; the rest untouched. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    return eq >= 0 && isSecretName(decodeName(name)) ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${params.join('&')}`;
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
