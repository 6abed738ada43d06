import type { AccountMode } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import type { AuthService } from '../auth/service';
import type { CashierService } from '../cashier/service';
import type { KycService } from '../kyc/service';
import type { Ledger } from '../ledger/service';
import type { LoansService } from '../loans/service';
import type { NftsService } from '../nfts/service';
import type { PlansService } from '../plans/service';
import type { RecordsService } from '../records/service';
import type { SecurityService } from '../security/service';
import type { Trading } from '../trading';
import type { Customer } from '../platform/owned';

/**
 * The owners' read functions the customer's data is gathered from (a read side, like `records/`): the
 * composition root hands them in; privacy never reads another domain's tables.
 */
export interface PrivacySources {
  auth: Pick<AuthService, 'userInfo'>;
  ledger: Pick<Ledger, 'balances' | 'lockCustomers'>;
  records: Pick<RecordsService, 'page'>;
  trading: {
    spot: Pick<Trading['spot'], 'list'>;
    margin: Pick<Trading['margin'], 'list'>;
    options: Pick<Trading['options'], 'list'>;
  };
  plans: Pick<PlansService, 'list'>;
  loans: Pick<LoansService, 'list' | 'contract'>;
  nfts: Pick<NftsService, 'mine'>;
  cashier: Pick<CashierService, 'listDeposits' | 'listWithdrawals'>;
  kyc: Pick<KycService, 'exportFor'>;
  security: Pick<SecurityService, 'sessions'> & { signIn: Pick<SecurityService['signIn'], 'history'> };
}

export const owner = (userId: string, mode: AccountMode): Customer => ({ userId, mode });

export type Reader = Db | Tx;
