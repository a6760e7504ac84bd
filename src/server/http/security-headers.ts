import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Two years, as browsers' preload lists ask. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The page policy. Scripts only from this origin (the built pages have no inline script); styles
 * inline too, because antd writes its styles into <style> elements and style attributes at run
 * time; images and fonts also as data:/blob: (previews, icons); images and framed pages (menus of
 * the iframe kind, rich text) may come from other https sites. Framed by the same origin only: the
 * back office shows its own online forms (/2025/onlineIframe/*) in frames.
 */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", 'https:'],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  },
};

const OPTIONS = {
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  strictTransportSecurity: false,
  xFrameOptions: { action: 'sameorigin' },
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginEmbedderPolicy: false,
} as const;

/**
 * The headers a helmet middleware sets, read once. Ours depend on nothing in the request (the CSP is
 * a fixed string), so every reply gets the same object in one call instead of a chain of middlewares
 * each setting one header on the raw response.
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: unknown) => { headers[name] = String(value); }, removeHeader: () => undefined };
  middleware({} as never, res as never, (err?: unknown) => { if (err) throw err; });
  return headers;
}

/**
 * What an answer of the API (JSON, a download) needs, OWASP's REST set: it loads nothing and runs
 * nothing (`default-src 'none'`), is framed by this origin only, is read as the type it says, and
 * is not readable by another site's page. The page policy's other headers steer a document
 * (navigation, popups, prefetch, legacy browsers' filters) and are left out: 160 bytes instead of
 * 690 on every API answer.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-site',
  'referrer-policy': 'no-referrer',
};

/**
 * Security headers on every reply (helmet): a page gets the CSP above, X-Frame-Options SAMEORIGIN,
 * nosniff, no referrer, same-site resource policy; an API route the short set above, unless it
 * serves a page (`config.document`: the API document's HTML). A route whose replies set their own
 * policy (a stored file) declares `config.ownContentPolicy` and gets the page's rest without the CSP.
 * HSTS only on a request that arrived over TLS (behind a proxy: X-Forwarded-Proto https, trusted
 * with TRUST_PROXY=on), so a plain-HTTP install is never told to refuse itself.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  const pageHeaders = headersOf(helmet(OPTIONS));
  const fileHeaders = headersOf(helmet({ ...OPTIONS, contentSecurityPolicy: false }));
  const apiPrefix = `${app.ctx.config.apiBase}/`;
  app.addHook('onRequest', (req, reply, done) => {
    const config = req.routeOptions.config;
    reply.headers(config?.ownContentPolicy ? fileHeaders : req.url.startsWith(apiPrefix) && !config?.document ? API_HEADERS : pageHeaders);
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
}, { name: 'security-headers' });
