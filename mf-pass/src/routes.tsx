import { Route, Routes } from 'react-router-dom';
import { usePassStrings } from './i18n';
import { LoginScreen } from './screens/login';
import { LoginCallbackScreen } from './screens/login-callback';
import { RegisterScreen } from './screens/register';
import { ResetScreen } from './screens/reset';
import { WalletSignUpScreen } from './wallet';
import { SecondFactorScreen } from './screens/second-factor';
import { NotMeScreen } from './screens/not-me';

/**
 * The module's routes; the shell mounts this component for `/pass/*` and `/api/loginCallback/:provider`
 * (the latter without desktop chrome). The screens are small, so they share one chunk.
 */
export default function PassRoutes() {
  usePassStrings();
  return (
    <Routes>
      <Route path="/pass/login" element={<LoginScreen />} />
      <Route path="/pass/register" element={<RegisterScreen />} />
      <Route path="/pass/reset" element={<ResetScreen />} />
      <Route path="/pass/wallet" element={<WalletSignUpScreen />} />
      <Route path="/pass/2fa" element={<SecondFactorScreen />} />
      <Route path="/pass/not-me" element={<NotMeScreen />} />
      <Route path="/api/loginCallback/:provider" element={<LoginCallbackScreen />} />
    </Routes>
  );
}
