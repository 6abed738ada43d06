import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { PasskeyCeremony, WebAuthnResponse } from '../contract/security';

/**
 * The browser half of passkeys (SimpleWebAuthn), loaded only when a customer uses one: the options come
 * from the server as they are, the answer goes back as the library returns it.
 */
const browser = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (WebAuthn present). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the browser for an assertion (sign-in, second factor, step-up). */
export async function passkeyAssertion(ceremony: PasskeyCeremony): Promise<WebAuthnResponse> {
  const { startAuthentication } = await browser();
  const response = await startAuthentication({
    optionsJSON: ceremony.options as PublicKeyCredentialRequestOptionsJSON,
  });
  return response as unknown as WebAuthnResponse;
}

/** Asks the browser to create a passkey. */
export async function passkeyRegistration(ceremony: PasskeyCeremony): Promise<WebAuthnResponse> {
  const { startRegistration } = await browser();
  const response = await startRegistration({
    optionsJSON: ceremony.options as PublicKeyCredentialCreationOptionsJSON,
  });
  return response as unknown as WebAuthnResponse;
}

/** The customer closed the browser's passkey prompt (or it timed out): not an error worth a red message. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
