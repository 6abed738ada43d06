/**
 * The sign-in and sign-up field rules, as pure functions. Each answers the i18n key of the message to show
 * or null when the value passes: seed §5 messages live in the SDK's `validation` group, policy codes in
 * `codes`, the rest in this module's `rules`. They mirror the auth service's own checks so the customer
 * hears about a mistake before sending, in the words the server would use.
 */

/** A message to show: an i18n key in the SDK's or this module's namespace. */
export type MessageKey = string;

export const messages = {
  usernameOrEmailRequired: 'validation.usernameOrEmailRequired',
  usernameRequired: 'validation.usernameRequired',
  usernameFormat: 'rules.usernameFormat',
  emailRequired: 'validation.emailRequired',
  emailFormat: 'validation.emailFormat',
  passwordRequired: 'validation.passwordRequired',
  passwordPolicy: 'codes.11004',
  confirmPasswordRequired: 'validation.confirmPasswordRequired',
  passwordsInconsistent: 'validation.passwordsInconsistent',
  codeRequired: 'validation.codeRequired',
  codeFormat: 'rules.codeFormat',
  inviteCodeFormat: 'rules.inviteCodeFormat',
} as const;

// The same expression as the server's JSON-schema `format: 'email'` (ajv-formats, fast mode), so a value
// the form accepts is one the server accepts.
const emailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Usernames are compared after NFKC normalisation: full-width letters count as their plain forms. */
const usernamePattern = /^[\p{L}\p{N}_]{3,20}$/u;

export function account(value: string): MessageKey | null {
  return value.trim() ? null : messages.usernameOrEmailRequired;
}

export function username(value: string): MessageKey | null {
  const trimmed = value.trim();
  if (!trimmed) return messages.usernameRequired;
  return usernamePattern.test(trimmed.normalize('NFKC')) ? null : messages.usernameFormat;
}

export function email(value: string): MessageKey | null {
  const trimmed = value.trim();
  if (!trimmed) return messages.emailRequired;
  return trimmed.length <= 254 && emailPattern.test(trimmed) ? null : messages.emailFormat;
}

/** The password typed to sign in: any non-empty value may be the right one. */
export function currentPassword(value: string): MessageKey | null {
  return value ? null : messages.passwordRequired;
}

/** A password being chosen: 8–64 characters with at least one letter and one digit (code 11004). */
export function newPassword(value: string): MessageKey | null {
  if (!value) return messages.passwordRequired;
  const length = [...value].length;
  const hasLetter = /\p{L}/u.test(value);
  const hasDigit = /\p{Nd}/u.test(value);
  return length >= 8 && length <= 64 && hasLetter && hasDigit ? null : messages.passwordPolicy;
}

export function confirmPassword(value: string, password: string): MessageKey | null {
  if (!value) return messages.confirmPasswordRequired;
  return value === password ? null : messages.passwordsInconsistent;
}

/** The 6-digit code from the verification mail. */
export function verificationCode(value: string): MessageKey | null {
  const trimmed = value.trim();
  if (!trimmed) return messages.codeRequired;
  return /^[0-9]{6}$/.test(trimmed) ? null : messages.codeFormat;
}

/** Optional; when given, an invite code is letters and digits only. */
export function inviteCode(value: string): MessageKey | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  return /^[A-Za-z0-9]{4,32}$/.test(trimmed) ? null : messages.inviteCodeFormat;
}
