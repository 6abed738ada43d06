import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { staffMember } from '../../staff/__tests__/helpers';
import { platformAccount } from '../../ledger/accounts';
import { signature, verifyCustomer } from '../../kyc/__tests__/helpers';

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
