import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

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
      const validate: Validate = (data) => {
        compiled ??= compile(route);
        const result = compiled(data);
        validate.errors = compiled.errors;
        return result;
      };
      return validate;
    };
  };
  // The package's typings describe the pool's compiler as taking a bare schema; Fastify passes the route.
  return { compilersFactory: { buildValidator: buildValidator as never } };
}
