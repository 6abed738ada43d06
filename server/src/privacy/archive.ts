import { strToU8, zipSync, type Zippable } from 'fflate';
import { errors } from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { CSV_ROW_LIMIT } from '../records/service';
import { owner, type PrivacySources } from './sources';

const extensionOf: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
};

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

const readme = (generatedAt: string, notes: string[]) =>
  strToU8(
    [
      'Your SWX data',
      '=============',
      '',
      `Prepared ${generatedAt} (UTC). Every file is JSON (UTF-8), amounts are exact decimal strings.`,
      '',
      'account.json            your account as SWX keeps it',
      'records/real.json       money events of the real account (newest first), balances after each',
      'records/demo.json       the same for the demo account',
      'trading/real.json       spot orders, positions and option contracts (real), trading/demo.json (demo)',
      'plans.json              smart plans and their payouts',
      'loans.json              loans; loans/contract-<id>.pdf the signed contracts',
      'nfts.json               your NFT bids and the NFTs you own',
      'cashier.json            deposits and withdrawals',
      'sessions.json           signed-in sessions and sign-ins of the last 90 days',
      'identity/identity.json  your identity verification; identity/<photo> the photos you submitted',
      '',
      ...(notes.length > 0 ? ['Notes:', ...notes.map((note) => `- ${note}`), ''] : []),
    ].join('\r\n'),
  );

/**
 * Gathers everything SWX keeps about a customer through the owners' read functions and packs it as one ZIP
 * (docs/api.md, "Your data"). Lists are each owner's own view (their limits apply); money events up to
 * `CSV_ROW_LIMIT` per account set, said in the README when there are more.
 */
export async function buildArchive(sources: PrivacySources, userId: string, now: Date): Promise<Buffer> {
  const real = owner(userId, 'real');
  const demo = owner(userId, 'demo');
  const notes: string[] = [];
  const files: Zippable = {};

  files['account.json'] = json({
    ...(await sources.auth.userInfo(userId)),
    balances: {
      real: await sources.ledger.balances(userId, 'real'),
      demo: await sources.ledger.balances(userId, 'demo'),
    },
  });
  for (const who of [real, demo]) {
    const page = await sources.records.page(who, {}, 1, CSV_ROW_LIMIT);
    if (page.hasMore)
      notes.push(
        `records/${who.mode}.json holds the latest ${CSV_ROW_LIMIT} events; ask support for the rest.`,
      );
    files[`records/${who.mode}.json`] = json(page.items);
    files[`trading/${who.mode}.json`] = json({
      spotOrders: await sources.trading.spot.list(who),
      positions: await sources.trading.margin.list(who),
      optionContracts: await sources.trading.options.list(who),
    });
  }
  files['plans.json'] = json(await sources.plans.list(real));
  const loans = await sources.loans.list(real);
  files['loans.json'] = json(loans);
  for (const loan of loans) {
    const contract = await sources.loans.contract(real, loan.id).catch((error: unknown) => {
      // A contract purged with the rest of a closed account's data is simply not there any more.
      if (!(error instanceof AppError && error.code === errors.notFound))
        notes.push(`The contract of loan ${loan.id} could not be opened; contact support.`);
      return undefined;
    });
    if (contract) files[`loans/contract-${loan.id}.pdf`] = [contract.pdf, { level: 0 }];
  }
  files['nfts.json'] = json(await sources.nfts.mine(real));
  files['cashier.json'] = json({
    deposits: await sources.cashier.listDeposits(real),
    withdrawals: await sources.cashier.listWithdrawals(real),
  });
  files['sessions.json'] = json({
    sessions: await sources.security.sessions(userId, ''),
    signIns: await sources.security.signIn.history(userId),
  });
  const identity = await sources.kyc.exportFor(real);
  files['identity/identity.json'] = json({ ...identity.detail, signature: identity.signature });
  for (const photo of identity.photos)
    files[`identity/${photo.field}.${extensionOf[photo.mime] ?? 'bin'}`] = [photo.bytes, { level: 0 }];
  if (identity.unreadable.length > 0)
    notes.push(
      `Some identity photos could not be opened (${identity.unreadable.join(', ')}); contact support.`,
    );
  files['README.txt'] = readme(now.toISOString(), notes);
  // Entries are dated when the download was prepared (the scheduler's clock).
  return Buffer.from(zipSync(files, { level: 6, mtime: now }));
}
