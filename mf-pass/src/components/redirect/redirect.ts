/**
 * Where to go after signing in. Only a path on this site is followed: an absolute URL, a
 * protocol-relative `//host` or a backslash trick (`/\host`, which browsers read as `//host`) would turn the
 * login page into an open redirect that phishing mails could use.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  // Control characters (tab, newline) are stripped by URL parsers and can hide a second slash.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  const base = 'https://swx.invalid';
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // Coming back to a sign-in page after signing in would only show the form again.
  if (url.pathname.startsWith('/pass/')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page address that brings the customer back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const target = safeRedirect(path, '');
  return target ? `/pass/login?redirect=${encodeURIComponent(target)}` : '/pass/login';
}
