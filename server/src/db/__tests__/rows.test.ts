import Decimal from 'decimal.js';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../test/harness';
import { insertRows } from '../rows';
import { tradingReceipts } from '../../trading/tables';
import { submissionClaims } from '../../guards/tables';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const receipt = (recordId: bigint, overrides: Partial<typeof tradingReceipts.$inferInsert> = {}) => ({
  kind: 'margin' as const,
  recordId,
  userId: 9007199254740993n, // above 2^53: a double would lose it
  mode: 'demo' as const,
  event: 'open',
  code: 'BTCUSDT',
  requestedPrice: null,
  fillPrice: '64000.123456789012345678',
  tickPrice: '64000.123456789012345678',
  tickTime: new Date('2026-11-22T10:00:00.123Z'),
  tickSeq: 42,
  journalIds: ['7', '8'],
  ...overrides,
});

describe('insertRows', () => {
  it('returns the rows exactly as a drizzle select reads them back, in the order given', async () => {
    const db = server.database.db;
    const rows = [receipt(1001n), receipt(1002n, { requestedPrice: '1.5', journalIds: [] }), receipt(1003n)];
    const inserted = await insertRows(db, tradingReceipts, rows);
    expect(inserted.map((r) => r.recordId)).toEqual([1001n, 1002n, 1003n]);
    const read = await db
      .select()
      .from(tradingReceipts)
      .where(
        inArray(
          tradingReceipts.id,
          inserted.map((r) => r.id),
        ),
      )
      .orderBy(tradingReceipts.id);
    expect(inserted).toEqual(read);
    expect(inserted[0]).toMatchObject({
      userId: 9007199254740993n,
      requestedPrice: null,
      tickTime: new Date('2026-11-22T10:00:00.123Z'),
      tickSeq: 42,
      journalIds: ['7', '8'],
    });
    expect(inserted[1]!.journalIds).toEqual([]);
    expect(inserted[0]!.createdAt).toBeInstanceOf(Date); // the column's default applied
  });

  it('keeps every decimal digit of a money value', async () => {
    const db = server.database.db;
    let recordId = 2000n;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), // numeric(36, 18): 18 digits each side of the point
        fc.stringMatching(/^[0-9]{0,18}$/),
        async (negative, whole, fraction) => {
          const value = `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
          const [row] = await insertRows(db, tradingReceipts, [receipt(recordId++, { fillPrice: value })]);
          const [read] = await db
            .select({ fillPrice: tradingReceipts.fillPrice })
            .from(tradingReceipts)
            .where(eq(tradingReceipts.id, row!.id));
          expect(row!.fillPrice).toBe(read!.fillPrice);
          expect(new Decimal(row!.fillPrice).eq(new Decimal(value))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('applies an on-conflict clause and returns only the rows it wrote', async () => {
    const db = server.database.db;
    const now = new Date('2026-11-22T12:00:00Z');
    const later = new Date('2026-11-22T12:00:10Z');
    await insertRows(db, submissionClaims, [{ key: 'rows-a', expiresAt: later, createdAt: now }]);
    const taken = await insertRows(
      db,
      submissionClaims,
      [
        { key: 'rows-a', expiresAt: later, createdAt: now },
        { key: 'rows-b', expiresAt: later, createdAt: now },
      ],
      sql`on conflict (key) do nothing`,
    );
    expect(taken.map((row) => row.key)).toEqual(['rows-b']);
  });

  it('refuses rows that set different columns, writing nothing', async () => {
    const db = server.database.db;
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(tradingReceipts);
    await expect(
      insertRows(db, tradingReceipts, [
        receipt(3001n),
        { ...receipt(3002n), createdAt: new Date('2026-11-22T00:00:00Z') },
      ]),
    ).rejects.toThrow('every row must set the same columns');
    await expect(
      insertRows(db, tradingReceipts, [receipt(3003n), { ...receipt(3004n), requestedPrice: undefined }]),
    ).rejects.toThrow('every row must set the same columns');
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(tradingReceipts);
    expect(after).toEqual(before);
    expect(await insertRows(db, tradingReceipts, [])).toEqual([]);
  });
});
