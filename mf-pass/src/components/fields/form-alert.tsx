import { messageForError } from '@swx/shared';
import { useTranslation } from 'react-i18next';
import styles from './fields.module.css';

/** A refusal about the whole form, read out when it appears. */
export function FormAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('pass');
  if (!error) return null;
  return (
    <p className={styles.alert} role="alert">
      {messageForError(error, t)}
    </p>
  );
}
