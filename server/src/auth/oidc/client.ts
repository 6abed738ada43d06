import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import { errors } from '@swx/shared/contract';
import { AppError } from '../../http/errors';
import { allowsPlainHttp, type OidcProviderConfig } from './config';

/** What a verified ID token says about the provider's account. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** Only `email_verified: true` counts; absent or any other value is unverified. */
  emailVerified: boolean;
}

/** What the callback checks, stored when the attempt started. */
export interface AttemptChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClientOptions {
  log: FastifyBaseLogger;
  /** Replaces `fetch` towards the providers (tests tamper with token responses through it). */
  customFetch?: oidc.CustomFetch;
}

/**
 * The OpenID Connect protocol, all of it done by `openid-client`: discovery, PKCE, the authorization URL,
 * the code exchange and the ID token checks (signature by the provider's published keys, issuer, audience,
 * expiry, nonce, state). Nothing here parses a JWT by hand.
 */
export class OidcClients {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly options: OidcClientOptions) {}

  /** Where to send the browser; `checks` are stored by the caller and handed back to `finish`. */
  async start(
    provider: OidcProviderConfig,
    redirectUri: string,
  ): Promise<{ authorizationUrl: string; checks: AttemptChecks }> {
    const configuration = await this.configuration(provider);
    const checks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: provider.scopes.join(' '),
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl: url.href, checks };
  }

  /**
   * Exchanges the code and verifies the ID token. Every refusal is a catalogue error; the log gets the
   * library's error code only, never the URL, the code or a token.
   */
  async finish(
    provider: OidcProviderConfig,
    callbackUrl: URL,
    checks: AttemptChecks,
  ): Promise<VerifiedIdentity> {
    const configuration = await this.configuration(provider);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
    } catch (error) {
      throw this.refusal(provider, error);
    }
    const claims = tokens.claims();
    if (!claims) throw new AppError(errors.socialAnswerRefused);
    const email = typeof claims.email === 'string' ? claims.email : null;
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email,
      emailVerified: email !== null && claims.email_verified === true,
    };
  }

  private refusal(provider: OidcProviderConfig, error: unknown): AppError {
    if (error instanceof oidc.AuthorizationResponseError) {
      this.options.log.info({ provider: provider.name, error: error.error }, 'oidc: provider refused');
      return new AppError(
        error.error === 'access_denied' ? errors.socialConsentDenied : errors.socialAnswerRefused,
      );
    }
    const code = (error as { code?: unknown }).code;
    const oauthError = (error as { error?: unknown }).error;
    if (error instanceof oidc.ResponseBodyError || error instanceof oidc.ClientError) {
      this.options.log.warn(
        { provider: provider.name, code, error: typeof oauthError === 'string' ? oauthError : undefined },
        'oidc: answer refused',
      );
      return new AppError(errors.socialAnswerRefused);
    }
    this.options.log.error({ provider: provider.name, code }, 'oidc: token request failed');
    return new AppError(errors.socialProviderUnreachable);
  }

  /** Discovery once per provider; a failure is forgotten so the next attempt tries again. */
  private configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let found = this.configurations.get(provider.name);
    if (!found) {
      found = this.discover(provider);
      this.configurations.set(provider.name, found);
      found.catch(() => this.configurations.delete(provider.name));
    }
    return found;
  }

  private async discover(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    const authentication =
      provider.tokenAuth === 'client_secret_basic'
        ? oidc.ClientSecretBasic(provider.clientSecret)
        : oidc.ClientSecretPost(provider.clientSecret);
    try {
      return await oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        { client_secret: provider.clientSecret },
        authentication,
        {
          timeout: 10,
          ...(this.options.customFetch ? { [oidc.customFetch]: this.options.customFetch } : {}),
          // The library trusts TLS for a token-endpoint ID token unless told to check its signature against
          // the provider's published keys (JWKS) too: we want both.
          execute: [
            oidc.enableNonRepudiationChecks,
            ...(allowsPlainHttp(provider.issuer) ? [oidc.allowInsecureRequests] : []),
          ],
        },
      );
    } catch (error) {
      this.options.log.error(
        { provider: provider.name, code: (error as { code?: unknown }).code },
        'oidc: discovery failed',
      );
      throw new AppError(errors.socialProviderUnreachable);
    }
  }
}
