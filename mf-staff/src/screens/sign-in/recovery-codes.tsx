import { observer } from 'mobx-react-lite';
import { Button, CopyButton } from '@swx/shared';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import styles from './sign-in.module.css';

/** Ten recovery codes as the member copies or prints them; they are shown this once. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useStaffStrings();
  return (
    <>
      <ol className={styles.codes} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className={styles.secret}>
            {code}
          </li>
        ))}
      </ol>
      <div className={styles.row}>
        <CopyButton text={codes.join('\n')}>{t('recovery.copy')}</CopyButton>
      </div>
    </>
  );
}

/** After enrolment: the recovery codes, once, until the member says they kept them. */
export const RecoveryCodes = observer(function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="staff-recovery">
        <h1 id="staff-recovery" className={styles.title}>
          {t('recovery.title')}
        </h1>
        <p className={styles.lead}>{t('recovery.lead')}</p>
        <RecoveryCodeList codes={codes} />
        <Button onClick={session.keptRecoveryCodes}>{t('recovery.kept')}</Button>
      </section>
    </div>
  );
});
