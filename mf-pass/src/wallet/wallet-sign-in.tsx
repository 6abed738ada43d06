import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, messageForError } from '@swx/shared';
import { WalletError, type WalletChoice } from '@swx/shared/wallet';
import fieldStyles from '../components/fields/fields.module.css';
import { safeRedirect } from '../components/redirect/redirect';
import { continueSignIn, startSession } from '../components/session';
import { walletApi } from './wallet-api';
import { WalletSignInStore } from './wallet-sign-in-store';
import styles from './wallet.module.css';

/** What the wallet sign-up page receives from the sign-in pages. */
export interface WalletSignUpState {
  signUp: { ticket: string; address: string; expiresAt: string };
}

function WalletButton({ store, wallet }: { store: WalletSignInStore; wallet: WalletChoice }) {
  const { t } = useTranslation('pass');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const name = wallet.name || t('wallet.browserWallet');

  const signIn = async () => {
    const outcome = await store.signIn(wallet);
    if (outcome?.kind === 'signedIn') {
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } else if (outcome?.kind === 'secondFactor') {
      continueSignIn(outcome.challenge, navigate, searchParams.get('redirect'));
    } else if (outcome?.kind === 'signUp') {
      const query = searchParams.toString() ? `?${searchParams.toString()}` : '';
      const state: WalletSignUpState = { signUp: outcome.signUp };
      navigate(`/pass/wallet${query}`, { state });
    }
  };

  return (
    <li>
      <Button
        variant="secondary"
        fullWidth
        className={styles.choice}
        loading={store.signingWith === wallet.id}
        disabled={store.signingWith !== null && store.signingWith !== wallet.id}
        onClick={signIn}
      >
        {wallet.icon ? <img className={styles.icon} src={wallet.icon} alt="" width={20} height={20} /> : null}
        {t('wallet.continueWith', { name })}
      </Button>
    </li>
  );
}

/**
 * Sign-in with an Ethereum wallet (EIP-4361), under the login and sign-up forms: one button per wallet
 * this browser has, or an explanation of what a wallet (and a wallet browser) is when it has none.
 */
export const WalletSignIn = observer(function WalletSignIn() {
  const { t } = useTranslation('pass');
  const [store] = useState(() => new WalletSignInStore({ api: walletApi, startSession }));
  useEffect(() => {
    void store.discover();
  }, [store]);

  const error = store.error;
  const errorText = error
    ? error instanceof WalletError
      ? t(`wallet.${error.reason}`)
      : messageForError(error, t)
    : null;

  return (
    <section className={styles.wallet} aria-label={t('wallet.section')}>
      <p className={styles.divider}>
        <span>{t('wallet.or')}</span>
      </p>
      {store.wallets.length > 0 ? (
        <ul className={styles.choices}>
          {store.wallets.map((wallet) => (
            <WalletButton key={wallet.id} store={store} wallet={wallet} />
          ))}
        </ul>
      ) : (
        <Button
          variant="secondary"
          fullWidth
          disabled={store.discovering}
          aria-expanded={store.noWalletShown}
          onClick={() => store.showNoWallet()}
        >
          {t('wallet.signIn')}
        </Button>
      )}
      {store.noWalletShown && store.wallets.length === 0 ? (
        <div className={styles.noWallet} role="status">
          <strong>{t('wallet.noWalletTitle')}</strong>
          <p>{t('wallet.noWalletBody')}</p>
        </div>
      ) : null}
      {store.signingWith ? (
        <p className={styles.hint} role="status">
          {t('wallet.signing')}
        </p>
      ) : null}
      {errorText ? (
        <p className={fieldStyles.alert} role="alert">
          {errorText}
        </p>
      ) : null}
    </section>
  );
});
