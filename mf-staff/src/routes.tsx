import { useLayoutEffect, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Skeleton, getRootStore } from '@swx/shared';
import { RequireRole } from './components/require-role';
import { StaffLayout } from './components/staff-layout';
import { registerStaffStrings, staffLanguages } from './i18n';
import { CorrectionsQueue, CustomerProfilePage, CustomerSearch } from './screens/customers';
import { Dashboard } from './screens/dashboard';
import { OperationsRoutes } from './screens/operations';
import { ReviewQueue } from './screens/reviews';
import { Account } from './screens/account';
import { Changes } from './screens/changes';
import { Enrolment, NewPassword, RecoveryCodes, ResetPassword, SignIn } from './screens/sign-in';
import { Team } from './screens/team';
import { StaffSessionProvider, useStaffSession, type StaffSession } from './session';

/**
 * Sign-in, the forced first password, enrolment, the recovery codes shown once, or the back office, by where
 * the member's session stands.
 */
const StaffGate = observer(function StaffGate({ children }: { children: ReactNode }) {
  const session = useStaffSession();
  if (session.restoring) return <Skeleton lines={6} />;
  const stage = session.stage;
  switch (stage.stage) {
    case 'password':
    case 'code':
      return <SignIn />;
    case 'newPassword':
      return <NewPassword />;
    case 'enrol':
      return <Enrolment />;
    case 'recoveryCodes':
      return <RecoveryCodes codes={stage.codes} />;
    case 'signedIn':
      return <StaffLayout>{children}</StaffLayout>;
  }
});

/** The back office's pages, under `/staff` (absolute paths: the shell renders modules outside a matched route). */
export function StaffPages() {
  // A reset link's page needs no session: it is the way back in.
  if (useLocation().pathname === '/staff/reset-password') return <ResetPassword />;
  return (
    <StaffGate>
      <Routes>
        <Route path="/staff" element={<Dashboard />} />
        <Route path="/staff/reviews/:kind" element={<ReviewQueue />} />
        <Route path="/staff/reviews/:kind/:id" element={<ReviewQueue />} />
        <Route
          path="/staff/customers"
          element={
            <RequireRole needs="admin.customers">
              <CustomerSearch />
            </RequireRole>
          }
        />
        <Route
          path="/staff/customers/:id"
          element={
            <RequireRole needs="admin.customer">
              <CustomerProfilePage />
            </RequireRole>
          }
        />
        <Route
          path="/staff/corrections"
          element={
            <RequireRole needs="admin.corrections">
              <CorrectionsQueue />
            </RequireRole>
          }
        />
        <Route path="/staff/operations/*" element={<OperationsRoutes />} />
        <Route
          path="/staff/changes"
          element={
            <RequireRole needs="admin.changes">
              <Changes />
            </RequireRole>
          }
        />
        <Route path="/staff/account" element={<Account />} />
        <Route
          path="/staff/team"
          element={
            <RequireRole needs="admin.staffList">
              <Team />
            </RequireRole>
          }
        />
        <Route path="*" element={<Navigate to="/staff" replace />} />
      </Routes>
    </StaffGate>
  );
}

/**
 * The module's routes; the shell mounts this component for `/staff` and `/staff/*`. Staff have their own
 * session (`StaffSessionProvider`): the customer's session in the root store is never used here.
 */
export default function StaffRoutes({ session }: { session?: StaffSession }) {
  const [i18n] = useState(() => {
    const instance = getRootStore().i18n;
    registerStaffStrings(instance);
    return instance;
  });
  // The back office speaks English and Simplified Chinese. Opened in another site language it switches the
  // site to English (the setting its own language switch changes), before the first paint: otherwise its
  // pages read in English while the SDK's pieces (Copy, amounts, dialogs) and the direction follow the
  // other language, right to left for Arabic.
  useLayoutEffect(() => {
    const settings = getRootStore().settings;
    if (!(staffLanguages as readonly string[]).includes(settings.language)) settings.setLanguage('en');
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <StaffSessionProvider session={session}>
        <StaffPages />
      </StaffSessionProvider>
    </I18nextProvider>
  );
}
