import { fieldRules, isCatalogueCode } from '@swx/shared/contract';

/**
 * What every answer to a hostile request must look like: no 5xx; an error inside the envelope with a
 * catalogue code; nothing in any body that tells an attacker how the server is built (stack frames, file
 * paths, SQL, driver or table names).
 */
// A file name is matched from the start of its word only (the lookbehind): the same answers match, but a long
// word (a base64 image, a QR code) is scanned once rather than once from each of its characters.
const stackLike =
  /\bat [\w.<>$[\]]+ \(|(?<![\w-])[\w-]+\.(?:ts|js|mjs|cjs):\d+|node_modules|\/work\/|\/src\//;
/** Checked in error answers only: a success may legitimately carry words such as "select ... from". */
const internals =
  /drizzle|pglite|postgres|\bpg[-_]|\bselect\b[^"]{0,80}\bfrom\b|insert into|\bupdate \w+ set\b|violates|relation "|syntax error|duplicate key|\w*Error:|FST_|ERR_|HPE_|ECONN|busboy|fastify|ajv/i;

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** One pattern for all the table names (made once per list, not once per name and answer). */
const tableNamePatterns = new WeakMap<readonly string[], RegExp>();
function tableNamesIn(tableNames: readonly string[]): RegExp {
  let pattern = tableNamePatterns.get(tableNames);
  if (!pattern) {
    const names = tableNames.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    // An empty list matches nothing.
    pattern = new RegExp(names.length > 0 ? `\\b(?:${names.join('|')})\\b` : '(?!)');
    tableNamePatterns.set(tableNames, pattern);
  }
  return pattern;
}

/** The problems with one answer (empty when it is fine). `tableNames` are the database's own names
 * (those with an underscore: plain words such as `users` also occur in honest messages). */
export function problemsWith(answer: Answer, tableNames: readonly string[]): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}`);
  const failed = answer.statusCode >= 400;
  const leak = stackLike.exec(answer.body) ?? (failed ? internals.exec(answer.body) : null);
  if (leak) problems.push(`internal detail "${leak[0]}"`);
  const table = failed && tableNamesIn(tableNames).exec(answer.body)?.[0];
  if (table) problems.push(`table name "${table}"`);
  const json = String(answer.headers['content-type'] ?? '').startsWith('application/json');
  // Successful answers may be files (images, SVG logos, CSV): only JSON answers and errors are enveloped.
  if (answer.statusCode < 300 && !json) return problems;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [...problems, 'not JSON'];
  }
  const envelope = body as { code?: unknown; message?: unknown; result?: unknown };
  const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
  // The staff OpenAPI document (`admin.openApi`) is the one JSON answer that is not enveloped.
  if (answer.statusCode < 300 && keys === 'components,info,openapi,paths') return problems;
  // A refusal about input may name its fields (`fields`: `[{field, rule, limit?}]`, docs/api.md).
  const fields = (body as { fields?: unknown }).fields;
  if (keys === 'code,fields,message,result') {
    if (answer.statusCode < 400) problems.push('fields on a success');
    const wellFormed =
      Array.isArray(fields) &&
      fields.length > 0 &&
      fields.every(
        (issue: { field?: unknown; rule?: unknown; limit?: unknown }) =>
          typeof issue.field === 'string' &&
          /^[A-Za-z0-9_.-]{1,120}$/.test(issue.field) &&
          (fieldRules as readonly unknown[]).includes(issue.rule) &&
          (issue.limit === undefined || typeof issue.limit === 'number'),
      );
    if (!wellFormed) problems.push(`fields not as the contract says (${JSON.stringify(fields)})`);
  } else if (keys !== 'code,message,result') return [...problems, `not the envelope (${keys})`];
  if (typeof envelope.code !== 'string' || !isCatalogueCode(envelope.code)) {
    problems.push(`code ${String(envelope.code)} not in the catalogue`);
  }
  if (typeof envelope.message !== 'string') problems.push('message not a string');
  if (answer.statusCode >= 400 && envelope.result !== null) problems.push('error with a result');
  if (answer.statusCode >= 400 && envelope.code === '200') problems.push('error answered with code 200');
  return problems;
}
