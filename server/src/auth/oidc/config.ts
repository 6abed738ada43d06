/** One OpenID Provider the operator registered this site with (docs/configuration.md, "Social sign-in"). */
export interface OidcProviderConfig {
  /** Lower-case name used in paths: `/login/loginByGoogle`, `/api/loginCallback/google`. */
  name: string;
  /** The button's text; brand names stay untranslated. */
  label: string;
  /** The issuer URL; its `/.well-known/openid-configuration` is read on first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Always includes `openid`. */
  scopes: string[];
  /** How the client authenticates at the token endpoint; most providers accept both. */
  tokenAuth: 'client_secret_post' | 'client_secret_basic';
}

const NAME = /^[a-z][a-z0-9]{0,31}$/;
/** `loginByDapp` is the wallet sign-in's static path; a provider of that name could never be reached. */
const RESERVED = new Set(['dapp']);

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * `OIDC_PROVIDERS=google,apple` and, per name, `OIDC_<NAME>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`, optional
 * `_SCOPES` (default `openid email profile`), `_LABEL` and `_TOKEN_AUTH`. A provider that is not listed is not
 * offered; a listed one with a missing value stops the start, so an operator never ships a dead button.
 */
export function oidcProvidersFrom(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  const names = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (new Set(names).size !== names.length) throw new Error('OIDC_PROVIDERS names a provider twice');
  return names.map((name) => {
    if (!NAME.test(name) || RESERVED.has(name))
      throw new Error(`OIDC_PROVIDERS: "${name}" must be letters and digits (and not "dapp")`);
    const key = (field: string) => `OIDC_${name.toUpperCase()}_${field}`;
    const required = (field: string) => {
      const value = env[key(field)]?.trim();
      if (!value) throw new Error(`${key(field)} is required because OIDC_PROVIDERS lists "${name}"`);
      return value;
    };
    const issuer = required('ISSUER');
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new Error(`${key('ISSUER')} must be a URL`);
    }
    // Plain HTTP only to this machine (a local test provider); anything else would expose codes and tokens.
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url)))
      throw new Error(`${key('ISSUER')} must use https`);
    const scopes = new Set((env[key('SCOPES')] ?? 'openid email profile').split(/[\s,]+/).filter(Boolean));
    scopes.add('openid');
    const tokenAuth = env[key('TOKEN_AUTH')]?.trim() || 'client_secret_post';
    if (tokenAuth !== 'client_secret_post' && tokenAuth !== 'client_secret_basic')
      throw new Error(`${key('TOKEN_AUTH')} must be client_secret_post or client_secret_basic`);
    return {
      name,
      label: env[key('LABEL')]?.trim() || name.charAt(0).toUpperCase() + name.slice(1),
      issuer,
      clientId: required('CLIENT_ID'),
      clientSecret: required('CLIENT_SECRET'),
      scopes: [...scopes],
      tokenAuth,
    };
  });
}

export const allowsPlainHttp = (issuer: string) => new URL(issuer).protocol === 'http:';
