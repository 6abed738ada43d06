import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@swx/shared';
import { FormAlert, useAction } from '../../components/action';
import { NewPasswordFields, newPasswordProblem } from '../../components/password-change';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import styles from './sign-in.module.css';

/** The token of a reset link: it travels in the fragment (`#token=...`), which no server ever logs. */
export function resetTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{40,100}$/.test(token) ? token : null;
}

/**
 * `/staff/reset-password#token=...`: the page an admin's reset e-mail links to. The member chooses a new
 * password (the admin never knows it); the link works once, for a day, and every session of the member ends.
 */
export function ResetPassword() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [token] = useState(() => (typeof window === 'undefined' ? null : resetTokenOf(window.location.hash)));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const { busy, failure, setFailure, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation);
    if (problem) {
      setFailure(t(problem));
      return;
    }
    await run(async () => {
      await session.api.call('admin.completePasswordReset', {
        body: { token: token!, newPassword: password },
      });
      // The token is spent: take it out of the address bar and the history.
      window.history.replaceState(null, '', window.location.pathname);
      setDone(true);
    });
  };

  return (
    <div className={styles.wrap}>
      <form className={styles.card} onSubmit={(event) => void submit(event)} aria-labelledby="staff-reset">
        <h1 id="staff-reset" className={styles.title}>
          {t('reset.title')}
        </h1>
        {done ? (
          <>
            <p role="status" className={styles.done}>
              {t('reset.done')}
            </p>
            <Link to="/staff">{t('reset.signIn')}</Link>
          </>
        ) : token ? (
          <>
            <p className={styles.lead}>{t('reset.lead')}</p>
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPassword={setPassword}
              onConfirmation={setConfirmation}
              who={{}}
            />
            <FormAlert message={failure} />
            <Button type="submit" loading={busy}>
              {t('password.save')}
            </Button>
          </>
        ) : (
          <>
            <p role="alert" className={styles.alert}>
              {t('reset.noToken')}
            </p>
            <Link to="/staff">{t('reset.signIn')}</Link>
          </>
        )}
      </form>
    </div>
  );
}
