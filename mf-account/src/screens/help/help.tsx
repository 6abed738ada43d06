import { Link } from 'react-router-dom';
import { contentTypes } from '@swx/shared/contract';
import { ContentList } from '../../components/content';
import { AccountPage, Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import styles from './help.module.css';

/** `/help`: the help centre — FAQ, notices, the introduction and the company's policies. */
export function HelpScreen() {
  const { t } = useAccountStrings();
  const shortcuts = [
    { to: '/help/faq', label: t('help.faq'), hint: t('help.faqHint') },
    { to: '/help/notice', label: t('help.notice'), hint: t('help.noticeHint') },
    { to: '/introduction', label: t('help.introduction'), hint: t('help.introductionHint') },
  ];
  return (
    <AccountPage title={t('help.title')}>
      <nav aria-label={t('help.title')}>
        <ul className={styles.grid}>
          {shortcuts.map((item) => (
            <li key={item.to}>
              <Link className={styles.card} to={item.to}>
                <strong>{item.label}</strong>
                <span className={styles.hint}>{item.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Section title={t('help.policies')} id="help-policies">
        <ContentList type={contentTypes.policy} label={t('help.policies')} />
      </Section>
    </AccountPage>
  );
}
