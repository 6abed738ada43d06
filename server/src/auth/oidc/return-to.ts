/** Where a customer lands when nothing better is known. */
export const HOME = '/';

/**
 * Where to land after the provider: a path on this site only. Anything that could leave the origin
 * (`//evil.example`, `/\evil.example`, `https://…`), carries control characters, or points back into the
 * sign-in pages becomes the home page, so the callback can never be used as an open redirect.
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 512) return HOME;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return HOME;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return HOME;
  const path = value.split(/[?#]/)[0]!;
  if (path.startsWith('/pass/') || path === '/pass' || path.startsWith('/api/')) return HOME;
  return value;
}
