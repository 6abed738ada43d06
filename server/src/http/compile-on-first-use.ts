/**
 * Route schemas compiled on a route's first request instead of when the route is registered: a server (and
 * every server test file, which starts one) otherwise compiles a validator (Ajv) and a serializer
 * (fast-json-stringify) for each of a few hundred routes it may never serve, which was most of Fastify's
 * start-up. `compileEverySchema` compiles what is still waiting; a test calls it on the whole route map, so a
 * schema the compilers refuse still fails the build instead of a customer's first request.
 */
const pending = new Set<() => unknown>();

/** `compile`'s result, made on the first call of the returned getter (and then kept). */
export function onFirstRequest<T>(compile: () => T): () => T {
  let compiled: { value: T } | undefined;
  const get = () => {
    if (!compiled) {
      compiled = { value: compile() };
      pending.delete(get);
    }
    return compiled.value;
  };
  pending.add(get);
  return get;
}

/** Compiles every route schema still waiting for its first request; throws what a compiler refuses. */
export function compileEverySchema(): void {
  for (const compile of [...pending]) compile();
}
