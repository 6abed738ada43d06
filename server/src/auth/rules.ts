/**
 * The customer domain's rules other domains may apply: the password strength rule (zxcvbn, issue 12) holds
 * for staff passwords too.
 */
export { tooGuessable } from './password-strength';
