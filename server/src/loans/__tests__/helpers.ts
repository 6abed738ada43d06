import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
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
}

export async function loansServer(): Promise<LoansTestServer> {
  const server = await cashierServer();
  const loans = server.services.loans;
  return Object.assign(server, {
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
