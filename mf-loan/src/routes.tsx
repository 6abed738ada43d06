import { Route, Routes } from 'react-router-dom';
import { RequireLogin } from './components/require-login';
import { LoanPage } from './screens/loan-page';

/**
 * The module's routes; the shell mounts this component for `/loan` (an absolute path: the shell renders
 * modules outside a matched route). Everything on it belongs to a signed-in customer.
 */
export default function LoanRoutes() {
  return (
    <Routes>
      <Route
        path="/loan"
        element={
          <RequireLogin>
            <LoanPage />
          </RequireLogin>
        }
      />
    </Routes>
  );
}
