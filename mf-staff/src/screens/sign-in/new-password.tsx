import { observer } from 'mobx-react-lite';
import { Button } from '@swx/shared';
import { PasswordChangeForm } from '../../components/password-change';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import styles from './sign-in.module.css';

/**
 * First sign-in of a member an admin created: the temporary password (which that admin knows) is replaced
 * before anything else, enrolment included.
 */
export const NewPassword = observer(function NewPassword() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="staff-new-password">
        <h1 id="staff-new-password" className={styles.title}>
          {t('password.firstTitle')}
        </h1>
        <p className={styles.lead}>{t('password.firstLead')}</p>
        <PasswordChangeForm submitLabel={t('password.save')} onChanged={session.updated} />
        <div className={styles.row}>
          <Button variant="ghost" onClick={() => void session.signOut()}>
            {t('layout.signOut')}
          </Button>
        </div>
      </section>
    </div>
  );
});
