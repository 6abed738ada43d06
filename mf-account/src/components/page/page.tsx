import type { ReactNode } from 'react';
import { Page, PageBack } from '@swx/shared';
import { useAccountStrings } from '../../i18n';

interface AccountPageProps {
  title: ReactNode;
  /** Where the back link goes (the page above this one). */
  back?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every account and help page: the SDK's page, narrow, with the back link in this module's words. */
export function AccountPage({ title, back, actions, children }: AccountPageProps) {
  const { t } = useAccountStrings();
  return (
    <Page
      width="narrow"
      title={title}
      actions={actions}
      before={back ? <PageBack to={back}>{t('nav.back')}</PageBack> : undefined}
    >
      {children}
    </Page>
  );
}
