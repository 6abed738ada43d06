import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireRole } from '../../components/require-role';
import { Audit } from './audit';
import { CharityPage, LendingBookPage } from '../money';
import { ChainPage } from '../chain';
import { Content } from './content';
import { Ledger } from './ledger';
import { Markets } from './markets';
import { Nfts } from './nfts';
import { Params } from './params';
import { Plans } from './plans';

/** `/staff/operations/*`: each operations screen for the members whose roles open it. */
export function OperationsRoutes() {
  return (
    <Routes>
      <Route
        path="params"
        element={
          <RequireRole needs="admin.params">
            <Params />
          </RequireRole>
        }
      />
      <Route
        path="params/:key"
        element={
          <RequireRole needs="admin.params">
            <Params />
          </RequireRole>
        }
      />
      <Route
        path="markets"
        element={
          <RequireRole needs="admin.marketOptionTerms">
            <Markets />
          </RequireRole>
        }
      />
      <Route
        path="plans"
        element={
          <RequireRole needs={['admin.planProducts', 'admin.fundPlanReserve']}>
            <Plans />
          </RequireRole>
        }
      />
      <Route
        path="lending"
        element={
          <RequireRole needs="admin.lendingBook">
            <LendingBookPage />
          </RequireRole>
        }
      />
      <Route
        path="chain"
        element={
          <RequireRole needs="admin.chainDeposits">
            <ChainPage />
          </RequireRole>
        }
      />
      <Route
        path="charity"
        element={
          <RequireRole needs="admin.charityBook">
            <CharityPage />
          </RequireRole>
        }
      />
      <Route
        path="nfts"
        element={
          <RequireRole needs="admin.nftListings">
            <Nfts />
          </RequireRole>
        }
      />
      <Route
        path="content"
        element={
          <RequireRole needs="admin.contentPages">
            <Content />
          </RequireRole>
        }
      />
      <Route
        path="content/:type/:slug/:lang"
        element={
          <RequireRole needs="admin.contentPages">
            <Content />
          </RequireRole>
        }
      />
      <Route
        path="ledger"
        element={
          <RequireRole needs="admin.ledgerCheck">
            <Ledger />
          </RequireRole>
        }
      />
      <Route
        path="audit"
        element={
          <RequireRole needs="admin.audit">
            <Audit />
          </RequireRole>
        }
      />
      <Route path="*" element={<Navigate to="/staff" replace />} />
    </Routes>
  );
}
