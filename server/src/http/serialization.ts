import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify';
import { onFirstRequest } from './compile-on-first-use';

// Fastify's own serializer factory (fast-json-stringify); the routes register no shared schemas ($ref).
const buildSerializer = SerializerSelector()({}, {});

/** Each route's answer serializer, compiled on the route's first answer (http/compile-on-first-use.ts). */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const compiled = onFirstRequest(() => buildSerializer({ ...route, httpStatus: route.httpStatus ?? '200' }));
  return (data) => compiled()(data);
};
