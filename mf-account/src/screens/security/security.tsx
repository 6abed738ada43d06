import { useState } from 'react';
import { LoadView, formatDateTime, useLoad, useStepUp } from '@swx/shared';
import type {
  AddressBook,
  OwnSession,
  PrivacyOverview,
  SecurityChangeEntry,
  SecurityOverview,
  SignInEvent,
} from '@swx/shared/contract';
import { AccountPage } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import { AccountSectionsLink } from './links';
import { AntiPhishingSection, EmailSection } from './account-sections';
import { ChangesSection, HistorySection, NotMeSection, SessionsSection } from './activity-sections';
import { AddressBookSection } from './address-book-section';
import { PasskeysSection } from './passkeys-section';
import { CloseAccountSection, YourDataSection } from './privacy-sections';
import { securityApi, type SecurityApi } from './security-api';
import { TwoFactorSection } from './two-factor-section';
import styles from './security.module.css';

interface Loaded {
  overview: SecurityOverview;
  book: AddressBook;
  sessions: OwnSession[];
  history: SignInEvent[];
  changes: SecurityChangeEntry[];
  privacy: PrivacyOverview;
}

/**
 * `/profile/security`: every way into the account and every change made to it, on one page — two-factor
 * sign-in and recovery codes, passkeys, the withdrawal address book and whitelist mode, any withdrawal lock,
 * the anti-phishing code, the e-mail address, sessions, sign-in history, recent changes, "this was not me",
 * the customer's data (a download) and closing the account.
 * Sensitive changes ask for a fresh second factor in place (`useStepUp`).
 */
export function SecurityScreen({ api = securityApi, leave }: { api?: SecurityApi; leave?: () => void }) {
  const { t } = useAccountStrings();
  const stepUp = useStepUp();
  const state = useLoad(async (): Promise<Loaded> => {
    const [overview, book, sessions, history, changes, privacy] = await Promise.all([
      api.overview(),
      api.addresses(),
      api.sessions(),
      api.history(),
      api.changes(),
      api.privacy(),
    ]);
    return { overview, book, sessions, history, changes, privacy };
  }, [api]);
  // What the sections changed since the last load: their answers replace the loaded parts at once.
  const [patch, setPatch] = useState<Partial<Loaded>>({});
  const reload = () => {
    setPatch({});
    state.reload();
  };

  return (
    <AccountPage title={t('security.title')} back="/profile/settings">
      <LoadView state={state} t={t} keepDataOnError>
        {(data) => {
          const loaded = { ...data, ...patch };
          const lock = loaded.book.lock ?? loaded.overview.lock;
          const change = (part: Partial<Loaded>) => setPatch((previous) => ({ ...previous, ...part }));
          return (
            <>
              <p className={styles.intro}>{t('security.intro')}</p>
              <AccountSectionsLink />
              {lock ? (
                <p className={styles.warning} role="status" data-testid="withdrawal-lock">
                  {t('security.lock', {
                    until: formatDateTime(lock.until),
                    reason: t(`security.lockReason.${lock.reason}`),
                  })}
                </p>
              ) : null}
              <TwoFactorSection api={api} overview={loaded.overview} stepUp={stepUp.run} onChanged={reload} />
              <PasskeysSection
                api={api}
                passkeys={loaded.overview.passkeys}
                stepUp={stepUp.run}
                onChanged={(passkeys) => change({ overview: { ...loaded.overview, passkeys } })}
              />
              <AddressBookSection
                api={api}
                book={loaded.book}
                stepUp={stepUp.run}
                onChanged={(book) => change({ book })}
              />
              <AntiPhishingSection
                api={api}
                overview={loaded.overview}
                stepUp={stepUp.run}
                onChanged={(overview) => change({ overview })}
              />
              <EmailSection api={api} email={loaded.overview.email} stepUp={stepUp.run} />
              <SessionsSection
                api={api}
                sessions={loaded.sessions}
                onChanged={(sessions) => change({ sessions })}
              />
              <HistorySection history={loaded.history} />
              <ChangesSection changes={loaded.changes} />
              <NotMeSection api={api} />
              <YourDataSection
                api={api}
                privacy={loaded.privacy}
                stepUp={stepUp.run}
                onChanged={(exports) => change({ privacy: { ...loaded.privacy, exports } })}
              />
              <CloseAccountSection
                api={api}
                privacy={loaded.privacy}
                stepUp={stepUp.run}
                {...(leave ? { leave } : {})}
              />
            </>
          );
        }}
      </LoadView>
      {stepUp.dialog}
    </AccountPage>
  );
}
