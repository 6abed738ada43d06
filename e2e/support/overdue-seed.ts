import fs from 'node:fs';
import path from 'node:path';
import type { Customer } from './back-office';

/** A borrower server/src/test/e2e-seed.ts made before the suite's server started: their loan is overdue. */
export interface OverdueBorrower extends Customer {
  email: string;
  loanId: string;
}

/**
 * The suite's two overdue borrowers (playwright.config.ts seeds them into this run's database): `withdraw` has
 * 150 USDT deposited after the collection, `writeOff` owes everything. Read from the run's data folder.
 */
export function overdueBorrowers(): Record<'withdraw' | 'writeOff', OverdueBorrower> {
  const file = path.join(process.env.SWX_E2E_DATA_DIR ?? '', 'overdue-seed.json');
  const seeded = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<
    'withdraw' | 'writeOff',
    Omit<OverdueBorrower, 'id'> & { userId: string }
  >;
  const borrower = (entry: (typeof seeded)['withdraw']): OverdueBorrower => ({ ...entry, id: entry.userId });
  return { withdraw: borrower(seeded.withdraw), writeOff: borrower(seeded.writeOff) };
}
