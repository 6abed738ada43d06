/**
 * A library loaded on its first use instead of when the server starts. For libraries that take hundreds of
 * milliseconds to load and serve only a few routes (viem for wallet sign-in and address checks, pdfkit for loan
 * contracts, libphonenumber's metadata for identity checks): the server's start-up, and each server test file
 * (every one starts a server), no longer pays for them. The load is synchronous (`require`), so the functions
 * that use them stay synchronous.
 */
export function onFirstUse<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}
