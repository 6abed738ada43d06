import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { memoryTransport } from '../mail/mailer';
import { createServices, type Services } from '../services';
import type { StaffIdentity } from '../staff/staff';

/**
 * The end-to-end suite's overdue loans (e2e/playwright.config.ts runs this before its server starts, with the
 * same settings, on the same data folder). A loan becomes overdue only days after its approval, and the suite
 * has minutes: here two customers borrow through the real routes and services with the loans' clock set ten
 * days back (as the server's own tests move it), then the collection job runs at today's date and finds them
 * overdue. Nothing is written around the services; the production server has no route for this.
 *
 * `withdraw` keeps money deposited after the collection and has whitelist mode off (the withdrawal refusal's
 * customer: its form takes any address), `writeOff` owes everything (the write-off's). Their sessions are
 * written to `<DATA_DIR>/overdue-seed.json`.
 */

const DAY = 86_400_000;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const signature = {
  width: 300,
  height: 120,
  strokes: [
    [
      [20, 90],
      [140, 20],
      [260, 90],
    ],
  ],
};

export interface SeededBorrower {
  userId: string;
  username: string;
  email: string;
  password: string;
  token: string;
  userInfo: Record<string, unknown>;
  loanId: string;
}

type Answer = { code: string; result: Record<string, unknown> & { id: string } };

class Seeder {
  private readonly mail = memoryTransport();

  constructor(
    private readonly app: App,
    private readonly services: Services,
    private readonly desk: StaffIdentity,
  ) {
    services.mailer.useTransport(this.mail);
  }

  private async call(token: string | null, url: string, payload: object): Promise<Answer> {
    const res = await this.app.inject({
      method: 'POST',
      url: `/swx/customer${url}`,
      payload,
      headers: { ...(token ? { authorization: token } : {}), virtually: 'YES' },
    });
    const body = res.json() as Answer;
    if (body.code !== '200') throw new Error(`e2e seed: ${url} answered ${res.body}`);
    return body;
  }

  private async upload(token: string, purpose: 'image' | 'identity'): Promise<string> {
    const boundary = `----swx${crypto.randomBytes(8).toString('hex')}`;
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n` +
      'Content-Type: image/png\r\n\r\n';
    const res = await this.app.inject({
      method: 'POST',
      url: `/swx/customer/upload/${purpose}`,
      payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    });
    if (res.statusCode !== 200) throw new Error(`e2e seed: upload answered ${res.body}`);
    return (res.json() as Answer).result.id;
  }

  /** Signed up with the mailed code, identity verified by the desk. */
  async customer(username: string) {
    const email = `${username}@swx.test`;
    const password = `Seed-${crypto.randomBytes(6).toString('hex')}-9`;
    await this.call(null, '/login/sendCode', { email, scene: 'register' });
    const code = this.codeFor(email);
    const registered = await this.call(null, '/login/register', {
      username,
      email,
      password,
      confirmPassword: password,
      code,
    });
    const token = registered.result.token as string;
    const userInfo = registered.result.userInfo as Record<string, unknown> & { id: string };
    await this.call(token, '/user/identification', {
      documentType: 'id_card',
      documentNumber: `S${userInfo.id.padStart(7, '0')}Q`,
      firstName: 'Owen',
      lastName: 'Due',
      birthdate: '1988-02-03',
      sex: 'male',
      country: 'SG',
      address: '10 Anson Road, Singapore 079903',
      areaCode: '+65',
      phone: '81234567',
      frontImage: await this.upload(token, 'identity'),
      backImage: await this.upload(token, 'identity'),
      handImage: await this.upload(token, 'identity'),
      signature,
    });
    const pending = (await this.services.reviews.list('kyc', 'pending', null)) as {
      id: string;
      userId: string;
    }[];
    const check = pending.find((item) => item.userId === userInfo.id);
    if (!check) throw new Error('e2e seed: the identity check is not in the queue');
    await this.services.reviews.approve('kyc', check.id, this.desk, {});
    return { userId: userInfo.id, username, email, password, token, userInfo };
  }

  /**
   * Whitelist mode off (new accounts start with it on), after a step-up by the e-mailed code, as a customer
   * does it on the security page: the withdrawal form then takes any address.
   */
  async withdrawAnywhere(token: string, email: string): Promise<void> {
    await this.call(token, '/user/security/stepUp/start', { method: 'email' });
    await this.call(token, '/user/security/stepUp', { method: 'email', code: this.codeFor(email) });
    await this.call(token, '/user/security/whitelist', { enabled: false });
  }

  private codeFor(email: string): string {
    const mail = [...this.mail.sent].reverse().find((m) => m.to === email);
    const code = mail && /\b([0-9]{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error('e2e seed: no code was mailed');
    return code;
  }

  /** A deposit made on the cashier page and approved by the desk. */
  async deposit(token: string, amount: string): Promise<void> {
    const made = await this.call(token, '/user/recharge', {
      coin: 'USDT',
      network: 'TRC20',
      amount,
      txHash: crypto.randomBytes(32).toString('hex'),
      proofImage: await this.upload(token, 'image'),
    });
    await this.services.reviews.approve('deposit', made.result.id, this.desk, {});
  }

  /** A 7-day loan quoted, signed and approved at `at` (the loans' clock only). */
  async loan(token: string, amount: string, at: number): Promise<string> {
    const loans = this.services.loans;
    const clock = loans.now;
    loans.now = () => at;
    try {
      const quote = await this.call(token, '/user/quoteLoan', { amount, term: 7 });
      const loan = await this.call(token, '/user/loan', {
        quoteId: quote.result.quoteId,
        amount,
        term: 7,
        signature,
        language: 'en',
      });
      await this.services.reviews.approve('loan', loan.result.id, this.desk, {});
      return loan.result.id;
    } finally {
      loans.now = clock;
    }
  }
}

async function seed(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const services = await createServices(config, database, pino({ level: 'warn' }));
  const app = await buildApp(services, { serveWeb: false });
  try {
    const member = (username: string, roles: StaffIdentity['roles']) =>
      database.db.transaction((tx) =>
        services.staff.create(tx, username, `Seed-${crypto.randomBytes(9).toString('hex')}-7`, null, roles),
      );
    const desk = await member('e2e-seed-desk', ['reviewer']);
    const [treasurerA, treasurerB] = [
      await member('e2e-seed-fin-a', ['finance']),
      await member('e2e-seed-fin-b', ['finance']),
    ];
    // The owners fund the lending book through maker-checker, as staff do it in the back office.
    const funding = await services.changes.request(
      'lending-capital',
      treasurerA,
      { amount: '5000', reason: 'e2e: owners fund the lending book' },
      'e2e: owners fund the lending book',
    );
    await services.changes.approve(funding.id, treasurerB, 'e2e: funded');

    const seeder = new Seeder(app, services, desk);
    const tenDaysAgo = Date.now() - 10 * DAY;
    const withdraw = await seeder.customer('e2eoverduewd');
    const withdrawLoan = await seeder.loan(withdraw.token, '200', tenDaysAgo);
    const writeOff = await seeder.customer('e2eoverduewo');
    const writeOffLoan = await seeder.loan(writeOff.token, '300', tenDaysAgo);
    // Today: each loan reached its due date days ago; the collection takes what each balance holds (the loan
    // itself, less than principal and interest), once.
    await services.loans.days.processDue(Date.now());
    // Money that came in after the collection stays with the customer: what the refused withdrawal asks for.
    await seeder.deposit(withdraw.token, '150');
    await seeder.withdrawAnywhere(withdraw.token, withdraw.email);
    for (const userId of [withdraw.userId, writeOff.userId])
      if (!(await services.loans.hasOverdueLoan(userId)))
        throw new Error('e2e seed: the loan did not become overdue');

    const seeded: Record<'withdraw' | 'writeOff', SeededBorrower> = {
      withdraw: { ...withdraw, loanId: withdrawLoan },
      writeOff: { ...writeOff, loanId: writeOffLoan },
    };
    fs.writeFileSync(path.join(config.dataDir, 'overdue-seed.json'), JSON.stringify(seeded, null, 2));
  } finally {
    await app.close();
    // Nothing was started, but what the services published (notices) still leaves before the database closes.
    for (const part of [...services.lifecycle].reverse()) await part.stop();
    await database.close();
  }
}

seed().catch((error) => {
  console.error(error);
  process.exit(1);
});
