import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { isStepUpCancelled } from '@swx/shared';
import type { WalletList } from '@swx/shared/contract';
import { discoverWallets, signInMessage, type WalletChoice } from '@swx/shared/wallet';
import type { WalletSettingsApi } from './wallet-api';

export interface WalletLinkDeps {
  api: WalletSettingsApi;
  /** Runs a change behind the step-up (`useStepUp().run`): linking and unlinking are sensitive. */
  stepUp?: <T>(action: () => Promise<T>) => Promise<T>;
  discover?: () => Promise<WalletChoice[]>;
  sign?: typeof signInMessage;
}

/**
 * The customer's linked wallets and one change at a time: linking (the wallet signs the same EIP-4361
 * message as at sign-in) or unlinking. `list` is null until the first answer.
 */
export class WalletLinkStore {
  list: WalletList | null = null;
  loadError: unknown = null;
  wallets: WalletChoice[] = [];
  discovering = true;
  /** The wallet being asked to sign, or the address being unlinked. */
  busy: string | null = null;
  noWalletShown = false;
  error: unknown = null;

  constructor(private readonly deps: WalletLinkDeps) {
    makeObservable(this, {
      list: observableRef,
      loadError: observableRef,
      wallets: observableRef,
      discovering: observable,
      busy: observable,
      noWalletShown: observable,
      error: observableRef,
      showNoWallet: action,
    });
  }

  async load(): Promise<void> {
    try {
      const list = await this.deps.api.list();
      runInAction(() => {
        this.list = list;
        this.loadError = null;
      });
    } catch (error) {
      runInAction(() => {
        this.loadError = error;
      });
    }
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

  /** Answers whether the wallet was linked. */
  link(wallet: WalletChoice): Promise<boolean> {
    return this.change(wallet.id, async () => {
      const nonce = await this.deps.api.nonce();
      const { message, signature } = await (this.deps.sign ?? signInMessage)(wallet.provider, nonce);
      // The nonce is spent only once the step-up passed: the same signed message is sent again after it.
      return this.guarded(() => this.deps.api.link({ message, signature }));
    });
  }

  /** Answers whether the wallet was unlinked. */
  unlink(address: string): Promise<boolean> {
    return this.change(address, () => this.guarded(() => this.deps.api.unlink(address)));
  }

  private guarded<T>(action: () => Promise<T>): Promise<T> {
    return this.deps.stepUp ? this.deps.stepUp(action) : action();
  }

  private async change(key: string, send: () => Promise<WalletList>): Promise<boolean> {
    if (this.busy) return false;
    runInAction(() => {
      this.busy = key;
      this.error = null;
    });
    try {
      const list = await send();
      runInAction(() => {
        this.list = list;
      });
      return true;
    } catch (error) {
      // A closed step-up dialog changed nothing and is no error.
      if (!isStepUpCancelled(error))
        runInAction(() => {
          this.error = error;
        });
      return false;
    } finally {
      runInAction(() => {
        this.busy = null;
      });
    }
  }
}
