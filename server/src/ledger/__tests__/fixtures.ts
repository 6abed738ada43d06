import { TransactionRollbackError } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isAppError } from '../../http/errors';
import type { Ledger } from '../service';
import { customerAccount, platformAccount } from '../accounts';

/** Runs `work` in a transaction that is always rolled back, returning what it returned. */
export async function rolledBack<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      result = await work(tx);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return result as T;
}

/** A real-money deposit from the platform's custody, as the cashier's approval would post it. */
export async function deposit(ledger: Ledger, tx: Tx, userId: string, currency: string, amount: string) {
  return ledger.transfer(tx, {
    type: 'deposit',
    reference: { type: 'test', id: userId },
    legs: [
      { account: platformAccount('platform_external_custody', currency), amount: `-${amount}` },
      { account: customerAccount(userId, 'real', currency), amount },
    ],
  });
}

/** The code of an AppError thrown by `work`, or the message of any other error; undefined if it succeeds. */
export async function refusal(work: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    if (isAppError(error)) return error.code;
    // drizzle wraps database errors; the database's own message is the cause.
    const { message, cause } = error as Error;
    return cause instanceof Error ? `${message}: ${cause.message}` : message;
  }
}
