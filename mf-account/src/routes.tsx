import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireLogin } from './components/require-login';
import { useAccountStrings } from './i18n';
import { BalanceScreen } from './screens/balance';
import { DepositScreen } from './screens/deposit';
import { DetailScreen } from './screens/detail';
import { FaqScreen, HelpScreen, NoticeScreen } from './screens/help';
import { IntroductionScreen } from './screens/introduction';
import { InviteScreen } from './screens/invite';
import { NotificationScreen } from './screens/notification';
import { ProfileScreen } from './screens/profile';
import { RecordsScreen } from './screens/records';
import { SettingsScreen } from './screens/settings';
import { SecurityScreen } from './screens/security';
import { WithdrawScreen } from './screens/withdraw';

const signedIn = (screen: ReactNode) => <RequireLogin>{screen}</RequireLogin>;

/**
 * The module's routes; the shell mounts this component for `/profile`, `/profile/*`, `/help`, `/help/*`,
 * `/detail` and `/introduction` (absolute paths: the shell renders modules outside a matched route).
 * Help pages are public; account pages ask for a sign-in first.
 */
export default function AccountRoutes() {
  useAccountStrings();
  return (
    <Routes>
      <Route path="/help" element={<HelpScreen />} />
      <Route path="/help/faq" element={<FaqScreen />} />
      <Route path="/help/notice" element={<NoticeScreen />} />
      <Route path="/detail" element={<DetailScreen />} />
      <Route path="/introduction" element={<IntroductionScreen />} />
      <Route path="/profile" element={signedIn(<ProfileScreen />)} />
      <Route path="/profile/balance" element={signedIn(<BalanceScreen />)} />
      <Route path="/profile/settings" element={signedIn(<SettingsScreen />)} />
      <Route path="/profile/security" element={signedIn(<SecurityScreen />)} />
      <Route path="/profile/notification" element={signedIn(<NotificationScreen />)} />
      <Route path="/profile/deposit" element={signedIn(<DepositScreen />)} />
      <Route path="/profile/withdraw" element={signedIn(<WithdrawScreen />)} />
      <Route path="/profile/records" element={signedIn(<RecordsScreen />)} />
      <Route path="/profile/invite" element={signedIn(<InviteScreen />)} />
    </Routes>
  );
}
