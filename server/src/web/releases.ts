import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { readJsonFile } from './json-file';

/** The pointer the release commands write (scripts/release/store.mjs): federation name → manifest URL. */
const POINTER_FILE = 'remotes.json';

/** A file of one release: `/<module>/<version>/<file>`; the pointer, history and lock are not served. */
const RELEASE_FILE = /^\/mf-[a-z0-9-]+\/[0-9A-Za-z][0-9A-Za-z.+_-]*\/(?!release\.json$)[^?#]+$/;

/** A page inside a release's standalone module page: `/releases/<module>/<version>/...` without extension. */
export const RELEASE_PAGE = /^\/releases\/(mf-[a-z0-9-]+)\/([0-9A-Za-z][0-9A-Za-z.+_-]*)(?:\/|$)/;

/**
 * Content-hashed files never change: cached for a year. Anything else (index.html, remoteEntry.js,
 * mf-manifest.json) is revalidated, so a redeployed module folder is picked up.
 */
export function cacheControlFor(filePath: string): string {
  const hashed = /\.[0-9a-f]{8,}\.(js|css|svg|png|woff2?)(\.br|\.gz)?$/.test(filePath);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The active release of each released module, or nothing when no release was made (or the pointer cannot be
 * read: the modules on disk then stay what `/remotes.json` lists, and the error is in the log once per change).
 */
export function releasePointer(releasesDir: string): Record<string, string> {
  const file = path.join(releasesDir, POINTER_FILE);
  if (!fs.existsSync(file)) return {};
  try {
    const pointer = readJsonFile(file);
    return Object.fromEntries(
      Object.entries(pointer).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch (error) {
    reportUnreadable(file, error);
    return {};
  }
}

let lastReported = '';
function reportUnreadable(file: string, error: unknown) {
  const message = `${file}: ${error instanceof Error ? error.message : String(error)}`;
  if (message === lastReported) return;
  lastReported = message;
  console.error(`[web] the release pointer cannot be read, serving the modules on disk: ${message}`);
}

/**
 * Serves the releases folder under `/releases/`. A release folder is never changed once written, and every
 * version stays servable for pages still open on it. Content-hashed files are cached for a year; the
 * manifest, remote entry and page are revalidated (cheap: they never change, the answer is a 304). Any
 * origin may load them (`Access-Control-Allow-Origin: *`, `Cross-Origin-Resource-Policy: cross-origin`):
 * public files without credentials, so this server can be the module host of a site on another origin.
 */
export async function registerReleases(
  app: FastifyInstance,
  releasesDir: string,
  allowedPath: (pathName: string) => boolean,
): Promise<void> {
  // The folder may appear after start-up (the first `pnpm release`): fastify-static needs it to exist.
  try {
    fs.mkdirSync(releasesDir, { recursive: true });
  } catch (error) {
    app.log.warn(
      { releasesDir, err: error },
      'no releases folder and none can be made: /releases/ not served',
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: releasesDir,
    prefix: '/releases/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathName) => RELEASE_FILE.test(pathName) && allowedPath(pathName),
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(filePath));
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
