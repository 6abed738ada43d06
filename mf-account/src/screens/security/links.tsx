import { useAccountStrings } from '../../i18n';
import styles from './security.module.css';

const sections = [
  ['security-two-factor', 'security.twoFactor.title'],
  ['security-passkeys', 'security.passkeys.title'],
  ['security-addresses', 'security.addresses.title'],
  ['security-anti-phishing', 'security.antiPhishing.title'],
  ['security-sessions', 'security.sessions.title'],
  ['security-history', 'security.history.title'],
  ['security-data', 'security.data.title'],
  ['security-close', 'security.close.title'],
] as const;

/** The page's sections, as links: a long page on a phone is easier to move through. */
export function AccountSectionsLink() {
  const { t } = useAccountStrings();
  return (
    <nav aria-label={t('security.contents')}>
      <ul className={styles.toc}>
        {sections.map(([id, key]) => (
          <li key={id}>
            <a href={`#${id}`}>{t(key)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
