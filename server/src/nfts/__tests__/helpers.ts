import crypto from 'node:crypto';
import pino from 'pino';
import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { cashierServer, png, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { FakeClock } from '../../platform/clock';
import { createLeadership } from '../../platform/leadership';
import { Scheduler } from '../../platform/scheduler';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export const MINUTE = 60_000;

export interface NftTestServer extends CashierTestServer {
  clock: FakeClock;
  /** A scheduler on the fake clock with the nfts jobs: `scheduler.runDue()` settles what is due. */
  scheduler: Scheduler;
  /** Lists an auction through the admin API, starting now and ending `minutes` later. */
  list(options?: { minutes?: number; startingBid?: string; startsInMinutes?: number }): Promise<string>;
  bid(
    who: SignedUpCustomer,
    nftId: string,
    amount: string,
  ): Promise<{ status: number; code: string; result: Loose }>;
  /**
   * A real-account customer with `amount` USDT available. Signed up only: bidding needs no step-up and no
   * withdrawal, so the cashier's withdrawal set-up (`server.customer()`: a step-up by e-mail and whitelist
   * mode off, half again a sign-up's work) is left out.
   */
  funded(amount: string): Promise<SignedUpCustomer>;
  publicEvents: Record<string, unknown>[];
}

export function schedulerFor(server: CashierTestServer, clock: FakeClock): Scheduler {
  const scheduler = new Scheduler({
    db: server.database.db,
    leadership: createLeadership(server.database, server.config.databaseUrl),
    log: pino({ level: 'silent' }),
    clock,
    electMs: 0,
  });
  server.services.nfts.registerJobs(scheduler);
  return scheduler;
}

export async function uploadArtwork(server: CashierTestServer, bytes: Buffer = png): Promise<Loose> {
  const boundary = `----swx${crypto.randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="art.png"\r\n` +
    'Content-Type: image/png\r\n\r\n';
  const res = await server.app.inject({
    method: 'POST',
    url: '/swx/admin/nfts/artwork',
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: server.staff },
  });
  return { status: res.statusCode, ...res.json() };
}

export async function nftServer(env: Record<string, string> = {}): Promise<NftTestServer> {
  const server = await cashierServer(env);
  const clock = new FakeClock(Date.now());
  server.services.nfts.now = () => clock.now();
  const scheduler = schedulerFor(server, clock);
  const publicEvents: Record<string, unknown>[] = [];
  const live = server.services.live;
  const original = live.publishPublicEvent.bind(live);
  live.publishPublicEvent = (event) => {
    publicEvents.push(event);
    original(event);
  };
  let token = 0;
  return Object.assign(server, {
    clock,
    scheduler,
    publicEvents,
    async list(options: { minutes?: number; startingBid?: string; startsInMinutes?: number } = {}) {
      const art = await uploadArtwork(server);
      if (art.status !== 200) throw new Error(`artwork upload failed: ${JSON.stringify(art)}`);
      token += 1;
      const startsAt = clock.now() + (options.startsInMinutes ?? 0) * MINUTE;
      const res = await server.admin('POST', '/nfts', {
        title: `Test piece ${token}`,
        creator: 'Tester',
        chain: 'Ethereum',
        contractAddress: '0xtest',
        tokenId: `${crypto.randomBytes(6).toString('hex')}`,
        image: art.result.id,
        descriptions: { en: 'A test piece', de: 'Ein Teststück' },
        startingBid: options.startingBid ?? '100',
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + (options.minutes ?? 60) * MINUTE).toISOString(),
        charity: 'Test Charity',
      });
      if (res.status !== 200) throw new Error(`listing failed: ${JSON.stringify(res)}`);
      return res.result.id as string;
    },
    async bid(who: SignedUpCustomer, nftId: string, amount: string) {
      const res = await server.call(who, 'POST', '/user/buyNft', { nftId, amount });
      return { status: res.status, code: res.code, result: res.result };
    },
    async funded(amount: string) {
      const customer = await signUpCustomer(server);
      await server.fund(customer.userId, 'USDT', amount);
      return customer;
    },
  });
}
