import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { coercerFor } from '../../schema/coercion.js';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Compile = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => Validate;

/**
 * Fastify's own Ajv compiler (same options), but each route's request schemas are compiled on the
 * route's first request: compiling all ~700 routes' schemas when they were added was a large part of
 * the server's start, and most routes are never called in a given process's first minutes.
 */
export function lazyValidators(): NonNullable<FastifyServerOptions['schemaController']> {
  const fastifyDefault = AjvCompiler();
  const buildValidator = (externalSchemas: unknown, ajvOptions: unknown) => {
    const compile = (fastifyDefault as unknown as (e: unknown, o: unknown) => Compile)(externalSchemas, ajvOptions);
    return (route: Parameters<Compile>[0]) => {
      let compiled: Validate | undefined;
      let coerce: ((data: unknown) => unknown) | null = null;
      const validate: Validate = (data) => {
        if (!compiled) {
          compiled = compile(route);
          coerce = coercerFor(route.schema, route.httpPart === 'body' ? 'json' : 'query');
        }
        const result = compiled(coerce ? coerce(data) : data);
        validate.errors = compiled.errors;
        return result;
      };
      return validate;
    };
  };
  // The package's typings describe the pool's compiler as taking a bare schema; Fastify passes the route.
  return { compilersFactory: { buildValidator: buildValidator as never } };
}

/**
 * The server's request validation: the lazy compiler above, with Ajv's own type coercion off. A body is
 * read as Jackson reads JeecgBoot's, a query string and a path as Spring binds their parameters
 * (schema/coercion.ts, the rule the page validators use too), then checked.
 */
export function requestValidation(): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  return {
    ajv: { customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false, allowUnionTypes: true } },
    schemaController: lazyValidators(),
  };
}
