import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Button, Reference, Skeleton, formatDate, messageForError, toaster, useStepUp } from '@swx/shared';
import { WalletError, type WalletChoice } from '@swx/shared/wallet';
import { Section } from '../../../components/page';
import { useAccountStrings } from '../../../i18n';
import { walletSettingsApi } from './wallet-api';
import { WalletLinkStore } from './wallet-link-store';
import styles from './wallet-settings.module.css';

function errorText(error: unknown, t: ReturnType<typeof useAccountStrings>['t']): string | null {
  if (!error) return null;
  return error instanceof WalletError ? t(`wallet.${error.reason}`) : messageForError(error, t);
}

const LinkedWallets = observer(function LinkedWallets({ store }: { store: WalletLinkStore }) {
  const { t } = useAccountStrings();
  const list = store.list;
  if (!list) {
    return store.loadError ? (
      <p className={styles.error} role="alert">
        {errorText(store.loadError, t)}
      </p>
    ) : (
      <Skeleton lines={2} />
    );
  }
  const unlink = async (address: string) => {
    if (await store.unlink(address)) toaster.show(t('wallet.unlinked'), { tone: 'success' });
  };
  return (
    <>
      {list.wallets.length === 0 ? (
        <p className={styles.muted}>{t('wallet.none')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('wallet.linkedList')}>
          {list.wallets.map((wallet) => (
            <li key={wallet.address} className={styles.item}>
              <Reference value={wallet.address} label={t('wallet.browserWallet')} />
              <span className={styles.muted}>
                {t('wallet.linkedAt', { date: formatDate(wallet.linkedAt) })}
              </span>
              <Button
                variant="ghost"
                size="small"
                aria-label={t('wallet.unlinkLabel', { address: wallet.address })}
                loading={store.busy === wallet.address}
                onClick={() => unlink(wallet.address)}
              >
                {t('wallet.unlink')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {list.hasPassword ? null : <p className={styles.muted}>{t('wallet.noPassword')}</p>}
    </>
  );
});

const LinkButtons = observer(function LinkButtons({ store }: { store: WalletLinkStore }) {
  const { t } = useAccountStrings();
  const link = async (wallet: WalletChoice) => {
    if (await store.link(wallet)) toaster.show(t('wallet.linked'), { tone: 'success' });
  };
  if (store.wallets.length === 0) {
    return (
      <>
        <Button
          variant="secondary"
          disabled={store.discovering}
          aria-expanded={store.noWalletShown}
          onClick={() => store.showNoWallet()}
        >
          {t('wallet.linkAny')}
        </Button>
        {store.noWalletShown ? (
          <div className={styles.noWallet} role="status">
            <strong>{t('wallet.noWalletTitle')}</strong>
            <p>{t('wallet.noWalletBody')}</p>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <div className={styles.choices}>
      {store.wallets.map((wallet) => (
        <Button
          key={wallet.id}
          variant="secondary"
          loading={store.busy === wallet.id}
          disabled={store.busy !== null && store.busy !== wallet.id}
          onClick={() => link(wallet)}
        >
          {wallet.icon ? (
            <img className={styles.icon} src={wallet.icon} alt="" width={20} height={20} />
          ) : null}
          {t('wallet.link', { name: wallet.name || t('wallet.browserWallet') })}
        </Button>
      ))}
    </div>
  );
});

/**
 * The settings' wallet section: the Ethereum wallets linked to this account (each signs in instead of the
 * password), linking another one with a signed message, unlinking one.
 */
export const WalletSettings = observer(function WalletSettings() {
  const { t } = useAccountStrings();
  const stepUp = useStepUp();
  const [store] = useState(() => new WalletLinkStore({ api: walletSettingsApi, stepUp: stepUp.run }));
  useEffect(() => {
    void store.load();
    void store.discover();
  }, [store]);
  const problem = errorText(store.error, t);
  const signing = store.busy !== null && store.wallets.some((wallet) => wallet.id === store.busy);

  return (
    <Section title={t('wallet.title')} id="settings-wallet">
      <div className={styles.wallet}>
        <p className={styles.intro}>{t('wallet.intro')}</p>
        <LinkedWallets store={store} />
        <LinkButtons store={store} />
        {signing ? (
          <p className={styles.muted} role="status">
            {t('wallet.signing')}
          </p>
        ) : null}
        {problem ? (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      {stepUp.dialog}
    </Section>
  );
});
