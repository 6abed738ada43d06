import Bowser from 'bowser';
import type { CustomerDevice } from '@swx/shared/contract';

/** The browser and system a User-Agent header names (Bowser, MIT); nulls for what it does not say. */
export function describeAgent(userAgent: string | null | undefined): Pick<CustomerDevice, 'browser' | 'os'> {
  if (!userAgent) return { browser: null, os: null };
  try {
    const parsed = Bowser.parse(userAgent);
    const major = parsed.browser.version?.split('.')[0];
    const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : null;
    const os = parsed.os.name
      ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}`
      : null;
    return { browser: browser?.slice(0, 60) ?? null, os: os?.slice(0, 60) ?? null };
  } catch {
    return { browser: null, os: null };
  }
}

/** "Chrome 126 on Android", or what is known of it, for a mail. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const { browser, os } = describeAgent(userAgent);
  return [browser, os].filter(Boolean).join(' · ') || 'unknown browser';
}
