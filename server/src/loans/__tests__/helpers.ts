import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { staffMember } from '../../staff/__tests__/helpers';
import { platformAccount } from '../../ledger/accounts';
import { signature, verifyCustomer } from '../../kyc/__tests__/helpers';
import type { ContractInput } from '../contract/pdf';
import type { Lang } from '../contract/texts';

export { signature, verifyCustomer };
export const DAY = 86_400_000;

/** Response results are read loosely in tests; the contract types are checked by the server's own schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface LoansTestServer extends CashierTestServer {
  /** A verified, real-account customer. */
  borrower(): Promise<SignedUpCustomer>;
  /** Quotes and signs; returns the loan (pending). */
  sign(who: SignedUpCustomer, amount: string, term: number, language?: string): Promise<Loose>;
  approve(loanId: string): Promise<{ code: string; result: Loose }>;
  /** Moves the loans service's clock. */
  at(time: number): void;
  /** Owners' capital into lending (or out, negative) straight through the ledger (the route is tested on its own). */
  fundLending(amount: string): Promise<void>;
  /** A staff member with the finance role (signed in, two-factor enrolled): its Authorization value. */
  finance(name: string): Promise<{ staffId: string; token: string }>;
  /** A staff call with a given token. */
  as(
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; code: string; result: Loose }>;
}

export async function loansServer(options: { capital?: string } = {}): Promise<LoansTestServer> {
  const server = await cashierServer();
  const loans = server.services.loans;
  const fundLending = async (amount: string) => {
    const negative = amount.startsWith('-');
    const abs = negative ? amount.slice(1) : amount;
    await server.database.db.transaction((tx) =>
      server.services.ledger.transfer(tx, {
        type: 'lending_capital_funding',
        memo: 'test capital',
        legs: [
          { account: platformAccount('platform_capital', 'USDT'), amount: negative ? abs : `-${abs}` },
          {
            account: platformAccount('platform_lending_capital', 'USDT'),
            amount: negative ? `-${abs}` : abs,
          },
        ],
      }),
    );
  };
  if (options.capital !== '0') await fundLending(options.capital ?? '1000000');
  return Object.assign(server, {
    fundLending,
    finance: (name: string) => staffMember(server, name, ['finance']),
    async as(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
      const res = await server.app.inject({
        method,
        url: `/swx/admin${url}`,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: { authorization: token },
      });
      const body = res.json();
      return { status: res.statusCode, code: body.code, result: body.result };
    },
    async borrower() {
      const who = await server.customer();
      await verifyCustomer(server, who);
      return who;
    },
    async sign(who: SignedUpCustomer, amount: string, term: number, language = 'en') {
      const quote = await server.call(who, 'POST', '/user/quoteLoan', { amount, term });
      if (quote.code !== '200') throw new Error(`quote failed: ${quote.body}`);
      const applied = await server.call(who, 'POST', '/user/loan', {
        quoteId: quote.result.quoteId,
        amount,
        term,
        signature,
        language,
      });
      if (applied.code !== '200') throw new Error(`apply failed: ${applied.body}`);
      return applied.result;
    },
    approve: (loanId: string) => server.admin('POST', `/reviews/loan/${loanId}/approve`),
    at(time: number) {
      loans.now = () => time;
    },
  });
}

/** The text of a PDF, by poppler's `pdftotext` (what a reader or a search engine extracts). */
export function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-pdf-'));
  try {
    const file = path.join(dir, 'contract.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A contract's input in `language`, a borrower with a name in Arabic or Chinese script: the PDF tests' and the bench's. */
export const contractInput = (language: Lang): ContractInput => ({
  agreementNumber: '0123456789abcdef0123456789abcdef',
  language,
  lender: 'SWX Platform Ltd.',
  signedAt: new Date(Date.UTC(2026, 10, 23, 10)),
  borrower: {
    firstName: language === 'ar' ? 'أحمد' : 'Mei',
    lastName: language === 'ar' ? 'المنصور' : '林',
    birthdate: '1990-04-12',
    documentType: 'passport',
    country: 'SG',
    address: '10 Anson Road, Singapore 079903',
    phone: '+65 81234567',
  },
  amount: '500',
  currency: 'USDT',
  term: 14,
  dailyRatePercent: '0.1',
  annualRatePercent: '36.5',
  interestFreeDays: 3,
  totalInterest: '5.50',
  totalRepayment: '505.50',
  aprPercent: '33.01',
  repaymentDate: '2026-12-07',
  dueTime: '23:59:59',
  timeZone: 'Asia/Singapore',
  overdueRatePercent: '0.15',
  overdueInterestPerDay: '0.75',
  overdueInterestCap: '500.00',
  overdueCapPercent: '100',
  overdueReminderDays: 7,
  withdrawalDays: 14,
  withdrawalInterestPerDay: '0.5',
  withdrawalAmountToday: '500.00',
  signature,
});
