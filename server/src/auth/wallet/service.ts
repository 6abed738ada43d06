import crypto from 'node:crypto';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  errors,
  WALLET_CHAIN_ID,
  type DappLoginResult,
  type DappNonce,
  type DappRegisterBody,
  type DappSignedMessage,
  type LoginResult,
  type WalletList,
} from '@swx/shared/contract';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../guards/repeat';
import { AppError } from '../../http/errors';
import { sha256Hex } from '../credentials';
import type { AuthService, SignInContext } from '../service';
import {
  checkFields,
  checkSignature,
  expectationsFrom,
  parseStrictly,
  shownAddress,
  storedAddress,
  type SiweExpectations,
} from './siwe';
import { walletLinks, walletNonces, walletSignUps } from '../tables';

/** A nonce is good for this long: time to open the wallet, read the message and sign it. */
export const NONCE_VALID_MINUTES = 5;
/** A proven new address waits this long for its sign-up form (username, e-mail and its code). */
export const SIGN_UP_VALID_MINUTES = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface WalletServiceOptions {
  db: Db;
  auth: AuthService;
  /** The site's public URL: the message's domain and URI must be this site's. */
  publicUrl: string;
  clock?: Clock;
  /** The customer's sign-in methods other than passwords and wallets (linked providers); wired in services.ts. */
  otherSignInMethods?: (userId: bigint) => Promise<number>;
}

/**
 * Wallet sign-in, Sign-In with Ethereum (docs/decisions.md): nonces, sign-in of a linked address, sign-up
 * of a new one, and linking from the settings. One address belongs to one account.
 */
export class WalletService {
  private readonly db: Db;
  private readonly auth: AuthService;
  private readonly expected: SiweExpectations;
  private readonly clock: Clock;
  private readonly otherSignInMethods: (userId: bigint) => Promise<number>;

  constructor(options: WalletServiceOptions) {
    this.db = options.db;
    this.otherSignInMethods = options.otherSignInMethods ?? (async () => 0);
    this.auth = options.auth;
    this.expected = expectationsFrom(options.publicUrl, WALLET_CHAIN_ID);
    this.clock = options.clock ?? options.auth.clock;
  }

  async issueNonce(): Promise<DappNonce> {
    // 128 random bits as hex: alphanumeric, as EIP-4361 requires.
    const nonce = crypto.randomBytes(16).toString('hex');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + NONCE_VALID_MINUTES * 60_000);
    await this.db.insert(walletNonces).values({ nonce, expiresAt, createdAt: now });
    return { nonce, expiresAt: expiresAt.toISOString(), chainId: this.expected.chainId };
  }

  /**
   * `POST /login/loginByDapp`: a linked address signs in; a new one gets a sign-up ticket. Every check runs
   * before the nonce is spent, so a refused try leaves it for the customer's next one until it expires.
   */
  async signIn(signed: DappSignedMessage, context: SignInContext): Promise<DappLoginResult> {
    const address = await this.provenAddress(signed);
    const [link] = await this.db.select().from(walletLinks).where(eq(walletLinks.address, address)).limit(1);
    if (link) return this.auth.signInVerified(link.userId, context);

    const ticket = crypto.randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SIGN_UP_VALID_MINUTES * 60_000);
    await this.db
      .insert(walletSignUps)
      .values({ ticketHash: sha256Hex(ticket), address, expiresAt, createdAt: now });
    return { signUp: { ticket, address: shownAddress(address), expiresAt: expiresAt.toISOString() } };
  }

  /**
   * `POST /login/registerByDapp`: the account for a proven new address. The ticket is checked first and
   * spent in the account's transaction, so a failed sign-up (a taken name, a wrong code) can be retried.
   */
  async signUp(input: DappRegisterBody, context?: SignInContext): Promise<LoginResult> {
    const ticketHash = sha256Hex(input.ticket);
    const [pending] = await this.db
      .select()
      .from(walletSignUps)
      .where(eq(walletSignUps.ticketHash, ticketHash))
      .limit(1);
    if (!pending || pending.usedAt || pending.expiresAt <= this.clock.now()) {
      throw new AppError(errors.walletSignUpExpired);
    }
    return this.auth.registerWithEmailCode(
      input,
      async (tx, userId) => {
        const used = await tx
          .update(walletSignUps)
          .set({ usedAt: this.clock.now() })
          .where(and(eq(walletSignUps.ticketHash, ticketHash), isNull(walletSignUps.usedAt)))
          .returning({ address: walletSignUps.address });
        if (used.length === 0) throw new AppError(errors.walletSignUpExpired);
        await this.insertLink(tx, pending.address, userId);
      },
      context,
    );
  }

  /** Links a wallet to the signed-in customer, proven by a signed message as at sign-in. */
  async link(userId: string, signed: DappSignedMessage): Promise<WalletList> {
    const address = await this.provenAddress(signed);
    await this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ userId: walletLinks.userId })
        .from(walletLinks)
        .where(eq(walletLinks.address, address))
        .limit(1);
      // Linking the same wallet twice changes nothing; linking another account's wallet is refused.
      if (existing && String(existing.userId) === userId) return;
      await this.insertLink(tx, address, BigInt(userId));
    });
    return this.list(userId);
  }

  /** Unlinks one of the customer's wallets, unless it is their only way to sign in (no password, last one). */
  async unlink(userId: string, rawAddress: string): Promise<WalletList> {
    const address = storedAddress(rawAddress);
    const current = await this.list(userId);
    const mine = current.wallets.some((wallet) => wallet.address.toLowerCase() === address);
    if (!mine) throw new AppError(errors.notFound);
    if (
      !current.hasPassword &&
      current.wallets.length === 1 &&
      (await this.otherSignInMethods(BigInt(userId))) === 0
    )
      throw new AppError(errors.walletLastMethod);
    await this.db
      .delete(walletLinks)
      .where(and(eq(walletLinks.address, address), eq(walletLinks.userId, BigInt(userId))));
    return this.list(userId);
  }

  /** How many wallets the customer has linked: sign-in methods other domains count before removing theirs. */
  async linkedCount(userId: bigint): Promise<number> {
    const rows = await this.db
      .select({ address: walletLinks.address })
      .from(walletLinks)
      .where(eq(walletLinks.userId, userId));
    return rows.length;
  }

  async list(userId: string): Promise<WalletList> {
    const rows = await this.db
      .select()
      .from(walletLinks)
      .where(eq(walletLinks.userId, BigInt(userId)))
      .orderBy(asc(walletLinks.linkedAt), asc(walletLinks.address));
    return {
      wallets: rows.map((row) => ({
        address: shownAddress(row.address),
        linkedAt: row.linkedAt.toISOString(),
      })),
      hasPassword: await this.auth.hasPassword(userId),
    };
  }

  /** Deletes nonces and sign-up tickets a day past their expiry. */
  async purgeExpired(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - DAY_MS);
    await this.db.delete(walletNonces).where(lt(walletNonces.expiresAt, cutoff));
    await this.db.delete(walletSignUps).where(lt(walletSignUps.expiresAt, cutoff));
  }

  /**
   * The address a signed message proves, after every check: well formed, this site's domain, URI and chain,
   * times, signature, and finally the nonce, spent by the one request that wins the update.
   */
  private async provenAddress(signed: DappSignedMessage): Promise<string> {
    const message = parseStrictly(signed.message);
    const now = this.clock.now();
    checkFields(message, this.expected, now);
    await checkSignature(message, signed.message, signed.signature);
    const spent = await this.db
      .update(walletNonces)
      .set({ consumedAt: now })
      .where(
        and(
          eq(walletNonces.nonce, message.nonce),
          isNull(walletNonces.consumedAt),
          gt(walletNonces.expiresAt, now),
        ),
      )
      .returning({ nonce: walletNonces.nonce });
    if (spent.length === 0) throw new AppError(errors.walletNonceInvalid);
    return storedAddress(message.address);
  }

  /** One address, one account: the primary key refuses a second link, whoever races for it. */
  private async insertLink(tx: Tx, address: string, userId: bigint): Promise<void> {
    const inserted = await tx
      .insert(walletLinks)
      .values({ address, userId, linkedAt: this.clock.now() })
      .onConflictDoNothing()
      .returning({ address: walletLinks.address });
    if (inserted.length === 0) throw new AppError(errors.walletAddressTaken);
  }
}
