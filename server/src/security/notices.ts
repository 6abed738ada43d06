import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { MailLanguage } from '../mail/mail';
import { securityChangeMail, type SecurityChange } from '../mail/security-notice';
import { securityChanges } from './tables';

export type { SecurityChange } from '../mail/security-notice';

/**
 * What the customer is told about a change to their security: a row in the list the Security page shows
 * (written with the change), and an e-mail once it committed (a failed mail is logged, never undoes it).
 */
export class SecurityNotices {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly emailOf: (userId: string) => Promise<string>,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  async record(tx: Db | Tx, userId: string, change: SecurityChange, detail?: string): Promise<void> {
    await tx
      .insert(securityChanges)
      .values({ userId: BigInt(userId), at: this.now(), change, detail: detail ?? null });
  }

  /** The e-mail of a committed change; `to` overrides the address (the old one, after an e-mail change). */
  async mail(
    userId: string,
    change: SecurityChange,
    options: { language: MailLanguage; detail?: string; lockedUntil?: Date | null; to?: string },
  ): Promise<void> {
    try {
      const to = options.to ?? (await this.emailOf(userId));
      if (!to) return;
      await this.mailer.send(
        securityChangeMail({
          to,
          language: options.language,
          change,
          at: this.now(),
          ...(options.detail === undefined ? {} : { detail: options.detail }),
          lockedUntil: options.lockedUntil ?? null,
        }),
      );
    } catch (error) {
      this.log.error({ err: error, change }, 'security notice not sent');
    }
  }

  /** The customer's changes of the last `days`, newest first. */
  async list(userId: string, days: number) {
    const since = new Date(this.now().getTime() - days * 86_400_000);
    const rows = await this.db
      .select()
      .from(securityChanges)
      .where(and(eq(securityChanges.userId, BigInt(userId)), gt(securityChanges.at, since)))
      .orderBy(desc(securityChanges.id))
      .limit(200);
    return rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      change: row.change as SecurityChange,
      detail: row.detail,
    }));
  }
}
