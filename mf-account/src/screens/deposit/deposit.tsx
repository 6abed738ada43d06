import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { formatMoney, useRootStore } from '@swx/shared';
import type { ChainDepositAddresses } from '@swx/shared/contract';
import { accountApi } from '../../api';
import { DemoNotice } from '../../components/demo-notice';
import { formStyles } from '../../components/form';
import { LoadView, useLoad } from '../../components/load';
import { AccountPage, Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import { ChainDepositList, ChainNetworks, useChainDeposits } from './chain';
import chainStyles from './chain/chain.module.css';
import { DepositForm } from './deposit-form';
import { DepositHistory } from './deposit-history';
import styles from './deposit.module.css';

/** The reviewed form (networks not watched) and its history; `title` names it beside the chain's addresses. */
function ReviewedDeposit({ title }: { title: string }) {
  const { t } = useAccountStrings();
  const options = useLoad(() => accountApi.depositOptions(), []);
  const history = useLoad(() => accountApi.deposits(), []);
  // A new object per submission, so a second deposit scrolls and announces again.
  const [confirmation, setConfirmation] = useState<{ message: string } | null>(null);
  const confirmationRef = useRef<HTMLParagraphElement>(null);
  // The form is long (QR code, hash, proof): after submitting, the confirmation above it is off screen.
  // It is brought into view and focused, so sighted and screen-reader customers both learn the outcome.
  useEffect(() => {
    const element = confirmationRef.current;
    if (!confirmation || !element) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  }, [confirmation]);
  // Every coin and network taken over by watched networks: the form has nothing left to offer.
  if (options.status === 'ready' && options.data.coins.length === 0) return null;
  return (
    <>
      <Section title={title} id="deposit-form">
        {/* The live region is always there: a region added together with its text is often not read out. */}
        <p
          ref={confirmationRef}
          className={confirmation ? formStyles.success : undefined}
          role="status"
          tabIndex={-1}
          hidden={!confirmation}
        >
          {confirmation?.message}
        </p>
        <LoadView state={options}>
          {(data) => (
            <DepositForm
              options={data}
              onSubmitted={(_deposit, message) => {
                setConfirmation({ message });
                history.reload();
              }}
            />
          )}
        </LoadView>
      </Section>
      <Section title={t('deposit.history')} id="deposit-history">
        <LoadView state={history}>{(deposits) => <DepositHistory deposits={deposits} />}</LoadView>
      </Section>
    </>
  );
}

/**
 * Deposits credited from the chain: the customer's own address per watched network, and their transfers with
 * the confirmations counting up live (socket `chain.deposit` events), then credited; the balances of the
 * coins these networks carry, reloaded when a transfer is credited.
 */
function ChainDeposit({ addresses }: { addresses: ChainDepositAddresses }) {
  const { t } = useAccountStrings();
  const assets = useLoad(() => accountApi.assets('all'), []);
  const deposits = useChainDeposits(assets.reload);
  const coins = [...new Set(addresses.networks.flatMap((network) => network.coins.map((c) => c.coin)))];
  return (
    <>
      <Section title={t('deposit.chain.title')} id="deposit-chain">
        <ChainNetworks addresses={addresses} />
      </Section>
      <Section title={t('deposit.chain.history')} id="deposit-chain-history">
        {assets.data ? (
          <p className={chainStyles.balances}>
            <span>{t('deposit.chain.balance')}</span>
            {coins.map((coin) => (
              <strong key={coin} data-testid={`chain-balance-${coin}`}>
                {formatMoney(
                  assets.data!.assets.find((asset) => asset.currency === coin)?.available ?? '0',
                  coin,
                )}
              </strong>
            ))}
          </p>
        ) : null}
        <LoadView state={deposits.state}>
          {(list) => <ChainDepositList deposits={deposits.patched(list)} />}
        </LoadView>
      </Section>
    </>
  );
}

function RealDeposit() {
  const { t } = useAccountStrings();
  const addresses = useLoad(() => accountApi.depositAddresses(), []);
  return (
    <LoadView state={addresses}>
      {(data) =>
        data.networks.length === 0 ? (
          // No watched network (the quick start): the reviewed form only, as before.
          <div className={styles.layout}>
            <ReviewedDeposit title={t('deposit.title')} />
          </div>
        ) : (
          <div className={styles.layout}>
            <ChainDeposit addresses={data} />
            <ReviewedDeposit title={t('deposit.chain.otherNetworks')} />
          </div>
        )
      }
    </LoadView>
  );
}

/**
 * `/profile/deposit`: crypto deposits into the real account (docs/product.md (business rules) Deposits): the
 * customer's own addresses on the watched networks, credited from the chain, and the reviewed form for the
 * other networks.
 */
export const DepositScreen = observer(function DepositScreen() {
  const { t } = useAccountStrings();
  const { settings } = useRootStore();
  return (
    <AccountPage title={t('nav.deposit')} back="/profile">
      {settings.isDemo ? <DemoNotice /> : <RealDeposit />}
    </AccountPage>
  );
});
