import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a part of the app notes of each answered request (the request log, the metrics, the monitor's trace). */
export type ResponseListener = (req: FastifyRequest, reply: FastifyReply) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Called in order, from the app's one onResponse hook, for every answered request. */
    responseListeners: ResponseListener[];
  }
}

/**
 * The app's one onResponse hook (issue 39): every request's bookkeeping runs in one call, instead of
 * a hook each that Fastify would step through one by one. A listener must not throw nor wait; a part
 * that sees only some routes (the monitor, the API's) decides that inside its listener.
 */
export function installResponseHook(app: FastifyInstance): void {
  const listeners: ResponseListener[] = [];
  app.decorate('responseListeners', listeners);
  app.addHook('onResponse', (req, reply, next) => {
    for (const listener of listeners) listener(req, reply);
    next();
  });
}
