import path from 'node:path';
import { spawn } from 'node:child_process';
import pino from 'pino';
import { eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { crashDatabase } from '../../test/crash';
import { openDatabase } from '../../db/client';
import { createServices } from '../../services';
import { marketTicks } from '../../markets/tables';
import { tradingOptions, tradingPositions, tradingReceipts, tradingSpotOrders } from '../tables';

/**
 * Kill -9 while orders flow, start again on the same database: every acknowledged order exists, every option
 * settles exactly once at a recorded tick, the ledger checks clean. The server runs in a child process
 * (crash-child.ts) with its lifecycles (feed, engine, storage) running.
 */
jest.setTimeout(240_000);

const serverDir = path.resolve(__dirname, '..', '..', '..');

it('keeps every acknowledged order and settles every option once after SIGKILL', async () => {
  // The database as any server start leaves it (the `started` template): the child neither migrates nor
  // seeds it, which is not what this test is about.
  const { env, cleanup } = await crashDatabase({ template: 'started' });

  const acked: { kind: string; id: string }[] = [];
  // `node --import tsx` rather than the tsx binary: the binary runs the script in a grandchild process that a
  // SIGKILL of the child would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'crash-child.ts')], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    child.once('exit', () => reject(new Error(`child exited early: ${stderr}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^ACK (\w+) (\d+)$/.exec(line);
        if (match) acked.push({ kind: match[1]!, id: match[2]! });
      }
      // Kill once orders of every kind have flowed for a while.
      if (acked.length >= 150) {
        child.kill('SIGKILL');
        resolve();
      }
    });
  });
  await exited;

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const services = await createServices(config, database, pino({ level: 'silent' }));
    // Hours later: every option has expired; the engine settles them when it starts.
    services.trading.now = () => Date.now() + 3_600_000;
    const engine = services.lifecycle.find((part) => part.name === 'trading-engine')!;
    await engine.start();
    await services.trading.engine.idle();
    await engine.stop();

    const db = database.db;
    const ids = (kind: string) => acked.filter((a) => a.kind === kind).map((a) => BigInt(a.id));
    const options = await db
      .select()
      .from(tradingOptions)
      .where(inArray(tradingOptions.id, ids('option')));
    const positions = await db
      .select()
      .from(tradingPositions)
      .where(inArray(tradingPositions.id, ids('margin')));
    const spot = await db
      .select()
      .from(tradingSpotOrders)
      .where(inArray(tradingSpotOrders.id, ids('spot')));
    expect(ids('option').length).toBeGreaterThan(0);
    const found = new Set(options.map((o) => String(o.id)));
    expect(acked.filter((a) => a.kind === 'option' && !found.has(a.id))).toEqual([]);
    expect(options).toHaveLength(ids('option').length);
    expect(positions).toHaveLength(ids('margin').length);
    expect(spot).toHaveLength(ids('spot').length);

    const all = await db.select().from(tradingOptions);
    expect(all.filter((o) => o.status === 'open')).toEqual([]);
    const settlements = await db
      .select()
      .from(tradingReceipts)
      .where(eq(tradingReceipts.event, 'settlement'));
    expect(settlements).toHaveLength(all.length);
    // Settled at a tick the feed published and the database recorded (or, when the crash lost every tick
    // after the opening one, at the opening tick itself: a refund); an option that expired while the server
    // was down found its market stale and no fresh tick within the grace window: voided, no settlement tick.
    const recorded = new Set(
      (await db.select({ seq: marketTicks.seq }).from(marketTicks)).map((r) => Number(r.seq)),
    );
    for (const o of all)
      expect(
        recorded.has(o.settleSeq!) ||
          o.settleSeq === o.openSeq ||
          (o.status === 'voided' && o.settleSeq === null),
      ).toBe(true);
    expect(await services.ledger.check()).toEqual({ ok: true, problems: [] });
  } finally {
    await database.close();
    await cleanup();
  }
});
