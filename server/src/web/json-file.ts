import fs from 'node:fs';

const cache = new Map<string, { mtimeMs: number; size: number; value: Record<string, unknown> }>();

/**
 * A JSON object file (the remotes file, the release pointer), re-read when it changes, so modules are moved
 * or released by replacing the file, without a restart. Throws when the file is missing or not an object.
 * The release commands replace the pointer by rename, so a read never sees half of it.
 */
export function readJsonFile(file: string): Record<string, unknown> {
  const { mtimeMs, size } = fs.statSync(file);
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.value;
  const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${file} is not a JSON object`);
  cache.set(file, { mtimeMs, size, value: value as Record<string, unknown> });
  return value as Record<string, unknown>;
}
