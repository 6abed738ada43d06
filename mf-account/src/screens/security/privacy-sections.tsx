import { useState } from 'react';
import {
  Button,
  Modal,
  TextField,
  formatDateTime,
  formatMoney,
  formatNumber,
  saveFile,
  toaster,
  useRootStore,
} from '@swx/shared';
import type { DataExport, PrivacyOverview } from '@swx/shared/contract';
import { formStyles } from '../../components/form';
import { Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import type { SecurityApi } from './security-api';
import { useAction } from './use-action';
import styles from './security.module.css';

type StepUp = <T>(action: () => Promise<T>) => Promise<T>;

/** KB under a megabyte, MB with one decimal above (units read the same in every language here). */
const sizeText = (bytes: number) =>
  bytes < 1_048_576
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${formatNumber(bytes / 1_048_576, { maximumFractionDigits: 1 })} MB`;

/**
 * "Your data": a ZIP of everything SWX keeps about the customer, prepared in the background (a notification
 * says when), downloadable for 24 hours after a fresh second factor.
 */
export function YourDataSection({
  api,
  privacy,
  stepUp,
  onChanged,
}: {
  api: SecurityApi;
  privacy: PrivacyOverview;
  stepUp: StepUp;
  onChanged: (exports: DataExport[]) => void;
}) {
  const { t } = useAccountStrings();
  const { busy, run, alert } = useAction();
  const preparing = privacy.exports.some((item) => item.status === 'preparing');
  const request = () =>
    run('request', async () => {
      const created = await api.requestExport();
      onChanged([created, ...privacy.exports]);
      toaster.show(t('security.data.requested'), { tone: 'success' });
    });
  const download = (item: DataExport) =>
    run(`download-${item.id}`, async () => {
      saveFile(await stepUp(() => api.downloadExport(item.id)), `swx-data-${item.id.slice(0, 8)}.zip`);
    });
  return (
    <Section title={t('security.data.title')} id="security-data">
      <p className={styles.intro}>{t('security.data.intro', { hours: privacy.exportHours })}</p>
      {privacy.exports.length === 0 ? null : (
        <ul className={styles.list} data-testid="data-exports">
          {privacy.exports.map((item) => (
            <li key={item.id} className={styles.item}>
              <span className={styles.detail}>
                <strong>{t(`security.data.status.${item.status}`)}</strong>
                <span className={styles.muted}>
                  {t('security.data.requestedAt', { date: formatDateTime(item.requestedAt) })}
                  {item.status === 'ready' && item.expiresAt
                    ? ` · ${t('security.data.until', { date: formatDateTime(item.expiresAt) })}`
                    : ''}
                  {item.status === 'ready' && item.sizeBytes !== null
                    ? ` · ${t('security.data.size', { size: sizeText(item.sizeBytes) })}`
                    : ''}
                </span>
              </span>
              {item.status === 'ready' ? (
                <Button
                  variant="secondary"
                  loading={busy === `download-${item.id}`}
                  onClick={() => void download(item)}
                >
                  {t('security.data.download')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {alert}
      <div className={styles.actions}>
        <Button loading={busy === 'request'} disabled={preparing} onClick={() => void request()}>
          {preparing ? t('security.data.preparing') : t('security.data.request')}
        </Button>
      </div>
    </Section>
  );
}

/**
 * After closing, the home page loaded afresh: no module keeps the closed account's data in memory, and no
 * signed-in page is left to send the customer to the login page (the router's transition to a lazily loaded
 * home would otherwise lose the race with the sign-in guard).
 */
function reloadHome(): void {
  window.location.assign('/');
}

/**
 * "Close account": what stands in the way is listed first (each with what to do); closing asks for the
 * username typed again and a fresh second factor, then signs out here.
 */
export function CloseAccountSection({
  api,
  privacy,
  stepUp,
  leave = reloadHome,
}: {
  api: SecurityApi;
  privacy: PrivacyOverview;
  stepUp: StepUp;
  /** Where a closed account goes: by default the home page, loaded afresh. */
  leave?: () => void;
}) {
  const { t } = useAccountStrings();
  const { session } = useRootStore();
  const { busy, run, alert } = useAction();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { blockers, balances } = privacy.closure;
  const { username } = privacy;
  const close = () =>
    run('close', async () => {
      await stepUp(() => api.closeAccount(typed.trim()));
      setOpen(false);
      session.logout();
      leave();
    });
  return (
    <Section title={t('security.close.title')} id="security-close">
      <p className={styles.intro}>{t('security.close.intro')}</p>
      {blockers.length > 0 ? (
        <div className={styles.warning} role="status" data-testid="closure-blockers">
          <p className={styles.blockersTitle}>{t('security.close.blocked')}</p>
          <ul className={styles.blockers}>
            {blockers.map((blocker) => (
              <li key={blocker}>
                {t(`security.close.blocker.${blocker}`)}
                {blocker === 'balance'
                  ? ` (${balances.map((b) => formatMoney(b.amount, b.currency)).join(', ')})`
                  : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button variant="danger" disabled={blockers.length > 0} onClick={() => setOpen(true)}>
        {t('security.close.button')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('security.close.button')}
        footer={
          <Button
            variant="danger"
            loading={busy === 'close'}
            disabled={typed.trim() !== username}
            onClick={() => void close()}
          >
            {t('security.close.confirm')}
          </Button>
        }
      >
        <div className={formStyles.form}>
          <p>{t('security.close.confirmText')}</p>
          <TextField
            label={t('security.close.typeUsername', { username })}
            value={typed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
          />
          {alert}
        </div>
      </Modal>
    </Section>
  );
}
