import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { AppContext } from '../http/context.js';

export type CrudHandler<G extends RouteGenericInterface = RouteGenericInterface> = (req: FastifyRequest<G>, reply: FastifyReply) => unknown;
type Declare = <G extends RouteGenericInterface = RouteGenericInterface>(path: string, handler: CrudHandler<G>) => void;

/**
 * What the generic CRUD declares its routes on: a route table (route-table.ts), not Fastify, so a
 * page's CRUD can only add handlers, never a hook, a parser or a decoration that would reach other routes.
 */
export interface CrudRegistrar {
  readonly ctx: AppContext;
  get: Declare;
  post: Declare;
  put: Declare;
  delete: Declare;
}
