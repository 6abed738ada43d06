import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  isWalletSignUp,
  needsSecondFactor,
  type LoginResult,
  type SecondFactorChallenge,
  type WalletSignUpTicket,
} from '@swx/shared/contract';
import { discoverWallets, signInMessage, type WalletChoice } from '@swx/shared/wallet';
import type { WalletApi } from './wallet-api';

/** How a wallet sign-in ended: signed in, the second factor still needed, or the account to create first. */
export type WalletOutcome =
  | { kind: 'signedIn' }
  | { kind: 'signUp'; signUp: WalletSignUpTicket }
  | { kind: 'secondFactor'; challenge: SecondFactorChallenge };

export interface WalletSignInDeps {
  api: Pick<WalletApi, 'nonce' | 'login'>;
  startSession: (result: LoginResult) => void;
  discover?: () => Promise<WalletChoice[]>;
  sign?: typeof signInMessage;
}

/**
 * The wallet part of the sign-in pages: which wallets this browser has (EIP-6963, or `window.ethereum`),
 * and one sign-in at a time: nonce, the wallet's signature, the server's answer.
 */
export class WalletSignInStore {
  wallets: WalletChoice[] = [];
  discovering = true;
  /** The wallet being asked to sign, or null. */
  signingWith: string | null = null;
  /** Set when the customer asked for a wallet and this browser has none. */
  noWalletShown = false;
  /** The last refusal: an API error or a `WalletError` (declined, no account). */
  error: unknown = null;

  constructor(private readonly deps: WalletSignInDeps) {
    makeObservable(this, {
      wallets: observableRef,
      discovering: observable,
      signingWith: observable,
      noWalletShown: observable,
      error: observableRef,
      showNoWallet: action,
    });
  }

  async discover(): Promise<void> {
    const found = await (this.deps.discover ?? discoverWallets)();
    runInAction(() => {
      this.wallets = found;
      this.discovering = false;
    });
  }

  showNoWallet(): void {
    this.noWalletShown = true;
  }

  async signIn(wallet: WalletChoice): Promise<WalletOutcome | null> {
    if (this.signingWith) return null;
    runInAction(() => {
      this.signingWith = wallet.id;
      this.error = null;
    });
    try {
      const nonce = await this.deps.api.nonce();
      const { message, signature } = await (this.deps.sign ?? signInMessage)(wallet.provider, nonce);
      const result = await this.deps.api.login({ message, signature });
      if (isWalletSignUp(result)) return { kind: 'signUp', signUp: result.signUp };
      if (needsSecondFactor(result)) return { kind: 'secondFactor', challenge: result };
      this.deps.startSession(result);
      return { kind: 'signedIn' };
    } catch (error) {
      runInAction(() => {
        this.error = error;
      });
      return null;
    } finally {
      runInAction(() => {
        this.signingWith = null;
      });
    }
  }
}
