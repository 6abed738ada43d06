import { useState } from 'react';
import { Button, Modal, Reference, TextField, formatDateTime, toaster } from '@swx/shared';
import {
  cashierCoins,
  networksOfCoin,
  type AddressBook,
  type CashierCoin,
  type CashierNetwork,
  type WithdrawalAddress,
} from '@swx/shared/contract';
import { SelectField, formStyles } from '../../components/form';
import { Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import type { SecurityApi } from './security-api';
import { useAction } from './use-action';
import styles from './security.module.css';

/** One entry's state in words: waiting for its code, cooling off until a time, or usable. */
export function AddressStatus({ entry }: { entry: WithdrawalAddress }) {
  const { t } = useAccountStrings();
  if (entry.status === 'pending')
    return <span className={styles.badge}>{t('security.addresses.pending')}</span>;
  if (entry.status === 'coolingOff')
    return (
      <span className={styles.badge} data-testid="usable-from">
        {t('security.addresses.usableFrom', { date: formatDateTime(entry.usableFrom!) })}
      </span>
    );
  return <span className={styles.badge}>{t('security.addresses.usable')}</span>;
}

/**
 * The withdrawal address book: an address is added with a name, coin and network (checked for its network,
 * a fresh second factor first), confirmed with the code e-mailed to the customer, and usable once its
 * cooling-off period has passed. Whitelist mode (on for new accounts) sends withdrawals only there.
 */
export function AddressBookSection({
  api,
  book,
  stepUp,
  onChanged,
}: {
  api: SecurityApi;
  book: AddressBook;
  stepUp: <T>(action: () => Promise<T>) => Promise<T>;
  onChanged: (book: AddressBook) => void;
}) {
  const { t } = useAccountStrings();
  const { busy, run, alert } = useAction();
  const [coin, setCoin] = useState<CashierCoin>('USDT');
  const [network, setNetwork] = useState<CashierNetwork>('TRC20');
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [confirmOff, setConfirmOff] = useState(false);

  const add = () =>
    run('add', async () => {
      onChanged(
        await stepUp(() => api.addAddress({ label: label.trim(), coin, network, address: address.trim() })),
      );
      setLabel('');
      setAddress('');
      toaster.show(t('security.addresses.codeSent'), { tone: 'success' });
    });
  const confirm = (id: string) =>
    run(`confirm-${id}`, async () => onChanged(await api.confirmAddress(id, (codes[id] ?? '').trim())));
  const resend = (id: string) =>
    run(`resend-${id}`, async () => {
      await api.resendAddressCode(id);
      toaster.show(t('security.addresses.codeSent'), { tone: 'success' });
    });
  const remove = (id: string) => run(`remove-${id}`, async () => onChanged(await api.removeAddress(id)));
  const setWhitelist = (enabled: boolean) =>
    run('whitelist', async () => {
      onChanged(await stepUp(() => api.whitelist(enabled)));
      setConfirmOff(false);
    });

  return (
    <Section title={t('security.addresses.title')} id="security-addresses">
      <p className={styles.intro}>{t('security.addresses.intro', { hours: book.coolingOffHours })}</p>
      <p className={styles.status}>
        <span className={book.whitelistMode ? styles.on : styles.off} data-testid="whitelist-state">
          {book.whitelistMode ? t('security.addresses.whitelistOn') : t('security.addresses.whitelistOff')}
        </span>
        <Button
          size="small"
          variant="ghost"
          loading={busy === 'whitelist'}
          onClick={() => (book.whitelistMode ? setConfirmOff(true) : void setWhitelist(true))}
        >
          {book.whitelistMode ? t('security.addresses.turnOff') : t('security.addresses.turnOn')}
        </Button>
      </p>
      {book.addresses.length === 0 ? <p className={styles.muted}>{t('security.addresses.none')}</p> : null}
      <ul className={styles.list}>
        {book.addresses.map((entry) => (
          <li key={entry.id} className={styles.item} data-testid="address-entry">
            <span className={styles.detail}>
              <strong>{entry.label}</strong>
              <span className={styles.muted}>
                {entry.coin} · {entry.network}
              </span>
              <Reference value={entry.address} label={entry.label} />
              <AddressStatus entry={entry} />
            </span>
            {entry.status === 'pending' ? (
              <div className={formStyles.form}>
                <TextField
                  label={t('security.addresses.code')}
                  value={codes[entry.id] ?? ''}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  onChange={(event) => setCodes({ ...codes, [entry.id]: event.target.value })}
                />
                <span className={styles.actions}>
                  <Button
                    size="small"
                    loading={busy === `confirm-${entry.id}`}
                    onClick={() => void confirm(entry.id)}
                  >
                    {t('security.addresses.confirm')}
                  </Button>
                  <Button
                    size="small"
                    variant="ghost"
                    loading={busy === `resend-${entry.id}`}
                    onClick={() => void resend(entry.id)}
                  >
                    {t('security.addresses.resend')}
                  </Button>
                </span>
              </div>
            ) : null}
            <Button
              size="small"
              variant="ghost"
              loading={busy === `remove-${entry.id}`}
              aria-label={t('security.addresses.removeNamed', { label: entry.label })}
              onClick={() => void remove(entry.id)}
            >
              {t('security.addresses.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <div className={formStyles.form}>
        <h3 className={styles.muted}>{t('security.addresses.addTitle')}</h3>
        <TextField
          label={t('security.addresses.label')}
          value={label}
          maxLength={40}
          onChange={(event) => setLabel(event.target.value)}
        />
        <SelectField
          label={t('security.addresses.coin')}
          value={coin}
          options={cashierCoins.map((value) => ({ value, label: value }))}
          onChange={(value) => {
            setCoin(value as CashierCoin);
            setNetwork(networksOfCoin[value as CashierCoin][0]!);
          }}
        />
        <SelectField
          label={t('security.addresses.network')}
          value={network}
          options={networksOfCoin[coin].map((value) => ({ value, label: value }))}
          onChange={(value) => setNetwork(value as CashierNetwork)}
        />
        <TextField
          label={t('security.addresses.address')}
          value={address}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => setAddress(event.target.value)}
        />
        {alert}
        <Button
          loading={busy === 'add'}
          disabled={!label.trim() || !address.trim()}
          onClick={() => void add()}
        >
          {t('security.addresses.add')}
        </Button>
      </div>
      <Modal
        open={confirmOff}
        onClose={() => setConfirmOff(false)}
        title={t('security.addresses.turnOff')}
        footer={
          <Button variant="danger" loading={busy === 'whitelist'} onClick={() => void setWhitelist(false)}>
            {t('security.addresses.turnOff')}
          </Button>
        }
      >
        <p>{t('security.addresses.offWarning')}</p>
      </Modal>
    </Section>
  );
}
