import type { Config } from '../config.js';
import type { Dialect } from '../db/connect.js';
import type { Db, SysUser } from '../db/tables.js';
import type { DictService } from '../modules/dict/service.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { SessionCache } from '../auth/session-cache.js';
import type { LivePublisher } from '../live/publisher.js';
import type { StateStore } from '../state/store.js';
import type { UploadStore } from '../modules/common/upload-store.js';

/** What every route can reach: injected once, no module-level singletons. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  dicts: DictService;
  schemas: SchemaRegistry;
  /** Recently checked tokens; emptied by any write to users or sessions. */
  sessions: SessionCache;
  /** Live notices to open pages (WebSocket), fanned out through Redis when configured. */
  live: LivePublisher;
  /** Counters, quotas and short-lived values the instances share (Redis), or this one's memory alone. */
  state: StateStore;
  /** Uploaded files: the shared folder (UPLOAD_DIR) or the S3 bucket. */
  uploads: UploadStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SysUser | null;
    token: string | null;
    /** The token's sha256, the key its session is stored under. */
    tokenHash: string | null;
    /** The pattern of the schema route a dispatcher served, for the request log and metrics. */
    dispatchedRoute: string | null;
  }
  interface FastifyContextConfig {
    /** Open without a token (contract §2.3 anonymous paths). */
    public?: boolean;
    /** Reachable by the guest account (auth/guest.ts): the routes of the guest's shell only. */
    guest?: boolean;
    /** Its replies set their own Content-Security-Policy (security-headers.ts leaves the site's out). */
    ownContentPolicy?: boolean;
    /** An API route that serves a page (HTML): it gets the page's security headers, not the API's (security-headers.ts). */
    document?: boolean;
    /** A route that dispatches to others (crud/crud-dispatch.ts): it admits each request once it knows the route. */
    dispatch?: boolean;
  }
}
