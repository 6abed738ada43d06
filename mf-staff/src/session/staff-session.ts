import { makeAutoObservable, runInAction } from 'mobx';
import { createStaffApiClient, type StaffApiClient, type StaffFileRouteKey } from '@swx/shared';
import {
  routes,
  type StaffMe,
  type StaffRole,
  type StaffRouteKey,
  type StaffTotpChallenge,
  type StaffTotpConfirmed,
} from '@swx/shared/contract';

/**
 * The staff token's own storage key: never the customer's `token`, so a staff session and a customer session
 * in the same browser never share a credential.
 */
export const staffTokenKey = 'swxStaffToken';

/**
 * Where sign-in stands: the password form, the authenticator (or recovery) code, a new password in place of
 * the temporary one an admin chose, two-factor enrolment, the recovery codes shown once after it, or signed
 * in.
 */
export type SignInStage =
  | { stage: 'password' }
  | { stage: 'code'; challenge: StaffTotpChallenge }
  | { stage: 'newPassword' }
  | { stage: 'enrol' }
  | { stage: 'recoveryCodes'; codes: readonly string[] }
  | { stage: 'signedIn' };

export interface StaffSessionOptions {
  /** sessionStorage in the browser: a staff session ends with the tab (a shared desk must not keep it). */
  storage?: Storage;
  /** The staff API base (default `/swx/admin`). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * The signed-in staff member: their token (in `staffTokenKey`), who they are and their roles (`admin.me`), and
 * the staff API client that sends that token. What a screen may show comes from the route map's `roles`, the
 * list the server itself checks (`canCall`), so the client holds no copy of the rules.
 */
export class StaffSession {
  readonly api: StaffApiClient;
  token: string | null;
  me: StaffMe | null = null;
  challenge: StaffTotpChallenge | null = null;
  /** Recovery codes answered by the enrolment just confirmed: shown once, until the member says they kept them. */
  freshRecoveryCodes: readonly string[] | null = null;
  /** True while a stored token is being checked with `admin.me` at start-up. */
  restoring: boolean;

  constructor(private readonly options: StaffSessionOptions = {}) {
    this.token = read(options.storage, staffTokenKey);
    this.restoring = this.token !== null;
    this.api = createStaffApiClient({
      baseUrl: options.baseUrl,
      getToken: () => this.token,
      onUnauthorized: () => this.forget(),
      fetch: options.fetch,
    });
    makeAutoObservable<StaffSession, 'options'>(this, { options: false, api: false }, { autoBind: true });
  }

  get stage(): SignInStage {
    if (this.challenge) return { stage: 'code', challenge: this.challenge };
    if (!this.token || !this.me) return { stage: 'password' };
    if (this.me.passwordChangeRequired) return { stage: 'newPassword' };
    if (!this.me.totpEnabled) return { stage: 'enrol' };
    if (this.freshRecoveryCodes) return { stage: 'recoveryCodes', codes: this.freshRecoveryCodes };
    return { stage: 'signedIn' };
  }

  get roles(): readonly StaffRole[] {
    return this.me?.roles ?? [];
  }

  /** Whether the member holds one of the roles the server requires for `key` (a call or a file). */
  canCall(key: StaffRouteKey | StaffFileRouteKey): boolean {
    const allowed: readonly StaffRole[] = routes[key].roles;
    return (
      this.me?.totpEnabled === true &&
      !this.me.passwordChangeRequired &&
      allowed.some((role) => this.roles.includes(role))
    );
  }

  /** Whether the member may call one of `keys` (a screen fed by several routes). */
  canCallAny(keys: StaffRouteKey | readonly StaffRouteKey[]): boolean {
    return (typeof keys === 'string' ? [keys] : keys).some((key) => this.canCall(key));
  }

  /** A stored token from earlier in this tab: who it belongs to, or signed out when it no longer works. */
  async restore(): Promise<void> {
    if (!this.token) return;
    try {
      const me = await this.api.call('admin.me');
      runInAction(() => (this.me = me));
    } catch {
      this.forget();
    } finally {
      runInAction(() => (this.restoring = false));
    }
  }

  /** Step one. With two-factor on the server answers a challenge; otherwise a session (enrolment follows). */
  async signIn(username: string, password: string): Promise<void> {
    const answer = await this.api.call('admin.login', { body: { username, password } });
    if ('totpRequired' in answer) {
      runInAction(() => (this.challenge = answer));
      return;
    }
    await this.adopt(answer.token);
  }

  /** Step two: the code from the authenticator app, with the challenge's ticket. */
  confirmCode(code: string): Promise<void> {
    return this.secondStep(() =>
      this.api.call('admin.loginTotp', { body: { ticket: this.challenge!.ticket, code } }),
    );
  }

  private async secondStep(send: () => Promise<{ token: string }>): Promise<void> {
    if (!this.challenge) throw new Error('No sign-in challenge to answer');
    const session = await send();
    await this.adopt(session.token);
  }

  /** Step two without the phone: one of the member's recovery codes (each works once). */
  confirmRecoveryCode(recoveryCode: string): Promise<void> {
    return this.secondStep(() =>
      this.api.call('admin.loginRecovery', {
        body: { ticket: this.challenge!.ticket, recoveryCode },
      }),
    );
  }

  /** Back to the password form (the challenge expired, or the member wants to start again). */
  restart(): void {
    this.challenge = null;
  }

  /** The member's record changed (a new password, two-factor on): what the gate shows follows it. */
  updated(me: StaffMe): void {
    this.me = me;
  }

  /** Enrolment confirmed: two-factor is on, and the recovery codes are shown once before the back office. */
  enrolled(confirmed: StaffTotpConfirmed): void {
    const { recoveryCodes, ...me } = confirmed;
    this.me = me;
    this.freshRecoveryCodes = recoveryCodes;
  }

  /** The member kept their recovery codes: on to the back office. */
  keptRecoveryCodes(): void {
    this.freshRecoveryCodes = null;
  }

  async signOut(): Promise<void> {
    try {
      if (this.token) await this.api.call('admin.logout');
    } catch {
      // The session is forgotten here whatever the server answered: it expires on its own.
    }
    this.forget();
  }

  private async adopt(token: string): Promise<void> {
    this.token = token;
    this.write(token);
    const me = await this.api.call('admin.me');
    runInAction(() => {
      this.me = me;
      this.challenge = null;
    });
  }

  /** A 401 from any staff call, or sign-out: forget the token so the sign-in form shows. */
  forget(): void {
    this.token = null;
    this.me = null;
    this.challenge = null;
    this.freshRecoveryCodes = null;
    this.write(null);
  }

  private write(token: string | null): void {
    try {
      if (token) this.options.storage?.setItem(staffTokenKey, token);
      else this.options.storage?.removeItem(staffTokenKey);
    } catch {
      // Not persisted: the session holds for this page only.
    }
  }
}
