/**
 * The API's operations as the OpenAPI document describes them: the hostile-input suite walks this list, so a
 * new route is covered the day it is registered.
 */

/** A JSON Schema node as @fastify/swagger emits it (loosely typed: the suite reads, never trusts, it). */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: boolean | SchemaNode;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: SchemaNode;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: SchemaNode;
  /** Staff operations authenticate with a staff token, customer ones with a customer token. */
  audience: 'customer' | 'staff' | 'public';
  secured: boolean;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
  security?: unknown[];
}

export function operationsOf(document: unknown): Operation[] {
  const paths = (document as { paths: Record<string, Record<string, OpenApiOperation>> }).paths;
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const audience = path.startsWith('/swx/admin')
        ? 'staff'
        : path.startsWith('/swx/customer')
          ? 'customer'
          : 'public';
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        audience,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** A stable number per operation, so each one gets its own reproducible fast-check seed. */
export function seedOf(operation: Operation, base: number): number {
  let hash = base;
  for (const char of `${operation.method} ${operation.path}`) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}
