import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify';
import { onFirstRequest } from './compile-on-first-use';

// Fastify's own serializer factory (fast-json-stringify); the routes register no shared schemas ($ref).
const buildSerializer = SerializerSelector()({}, {});

/**
 * Compiled serializers by their response schema's text. A serializer is a pure function of its schema, but
 * Fastify hands each server its response schemas as objects of its own: every server of a process compiled
 * each one again (the test files start one or more servers each, several files share a process; in the
 * server tests' PostgreSQL pass fast-json-stringify took 26 s of 356). A route's first answer per server
 * now costs one JSON.stringify of its schema where another server already compiled it.
 */
const serializers = new Map<string, (data: unknown) => string>();

/** Each route's answer serializer, compiled on the route's first answer (http/compile-on-first-use.ts). */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const compiled = onFirstRequest(() => {
    const key = JSON.stringify(route.schema);
    let serializer = serializers.get(key);
    if (!serializer) {
      serializer = buildSerializer({ ...route, httpStatus: route.httpStatus ?? '200' });
      serializers.set(key, serializer);
    }
    return serializer;
  });
  return (data) => compiled()(data);
};
