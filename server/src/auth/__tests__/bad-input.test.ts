import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { isCatalogueCode } from '@swx/shared/contract';
import { createTestServer, type TestServer } from '../../test/harness';
import { captureMail, signUpCustomer, type SignedUpCustomer } from '../testing';
import { propertyRuns } from '../../test/property-runs';

/**
 * Whatever arrives, the auth endpoints answer 4xx with a catalogue code: never 500, never a stack trace,
 * never a row written. Every request here is invalid in some way (no code was ever mailed to these
 * addresses, passwords are wrong), so none of them may change anything.
 */
let server: TestServer;
let customer: SignedUpCustomer;
let mail: ReturnType<typeof captureMail>;
const tables = [
  'users',
  'sessions',
  'verification_codes',
  'submission_claims',
  'ledger_accounts',
  'ledger_postings',
];

beforeAll(async () => {
  server = await createTestServer();
  customer = await signUpCustomer(server);
  mail = captureMail(server);
});
afterAll(async () => server.close());

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await server.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  }
  return counts;
}

function expectRefusal(res: { statusCode: number; body: string }) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body = JSON.parse(res.body) as { code: string; message: string; result: unknown; fields?: unknown };
  // The envelope, with the fields a refusal about input names (docs/api.md).
  const keys = Object.keys(body).sort();
  expect(keys).toEqual(
    body.fields === undefined ? ['code', 'message', 'result'] : ['code', 'fields', 'message', 'result'],
  );
  expect(isCatalogueCode(body.code)).toBe(true);
  expect(body.result).toBeNull();
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|stack|node_modules|Error:/);
}

/** Strings built to slip past checks: invisible and reordering characters, look-alikes, huge and odd text. */
const trickyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    'ali\u200dce',
    'ali\u200bce',
    '\u202eecila',
    'ali\u2066ce\u2069',
    '\ufeffalice',
    'аlice',
    'ａｌｉｃｅ',
    'alice\u0000',
    'a'.repeat(5000),
    '😀'.repeat(100),
    'ALICE@EXAMPLE.COM\u200d',
    'alice@exаmple.com',
    '" OR 1=1 --',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\ud800',
  ),
);

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const fieldValue = fc.oneof(trickyString, wrongType);

const unknownField = fc.constantFrom(
  'isAdmin',
  'role',
  'status',
  'kycStatus',
  'id',
  'accountMode',
  'balance',
);

/** A record with (some of) the expected fields, each tricky or of the wrong type, maybe with an extra field. */
function formWith(fields: string[]) {
  return fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue])), { requiredKeys: [] }),
      fc.option(fc.tuple(unknownField, fieldValue), { nil: undefined }),
    )
    .map(([form, extra]) => (extra ? { ...form, [extra[0]]: extra[1] } : form));
}

const endpoints: Array<{ url: string; fields: string[]; signedIn?: boolean }> = [
  { url: '/login/sendCode', fields: ['email', 'scene'] },
  {
    url: '/login/register',
    fields: ['username', 'email', 'password', 'confirmPassword', 'code', 'inviteCode'],
  },
  { url: '/login/login', fields: ['account', 'password'] },
  { url: '/user/repassword', fields: ['email', 'code', 'oldPassword', 'password', 'confirmPassword'] },
  { url: '/user/repassword', fields: ['oldPassword', 'password', 'confirmPassword'], signedIn: true },
  { url: '/user/accountMode', fields: ['mode'], signedIn: true },
  { url: '/user/preferences', fields: ['oneClickTrading'], signedIn: true },
];

describe('bad input never breaks the auth endpoints', () => {
  let before: Record<string, number>;
  beforeAll(async () => {
    before = await rowCounts();
  });

  for (const { url, fields, signedIn } of endpoints) {
    it(`POST ${url}${signedIn ? ' (signed in)' : ''}: random forms`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 4, arbitrary: formWith(fields) }, { weight: 1, arbitrary: fc.jsonValue() }),
          async (payload) => {
            const res = await server.app.inject({
              method: 'POST',
              url: `/swx/customer${url}`,
              headers: {
                'content-type': 'application/json',
                ...(signedIn ? { authorization: customer.token } : {}),
              },
              payload: JSON.stringify(payload),
            });
            // A signed-in mode switch to a valid mode, or a preference set to a boolean, is a legitimate
            // success; anything else must be refused.
            if (url === '/user/accountMode' && res.statusCode === 200) return;
            const oneClick = (payload as { oneClickTrading?: unknown } | null)?.oneClickTrading;
            if (url === '/user/preferences' && res.statusCode === 200 && typeof oneClick === 'boolean')
              return;
            expectRefusal(res);
          },
        ),
        { numRuns: propertyRuns(60) },
      );
    });
  }

  it('malformed JSON, wrong content types, huge and poisoned bodies', async () => {
    const raw = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.constantFrom(
        '{',
        '{"email":',
        'null',
        '[]',
        '"text"',
        '{"__proto__":{"isAdmin":true},"email":"a@b.co","scene":"register"}',
        '{"constructor":{"prototype":{"x":1}},"account":"a","password":"b"}',
        `{"account":"${'a'.repeat(70_000)}","password":"x"}`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        raw,
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
        ),
        fc.constantFrom('/login/sendCode', '/login/register', '/login/login', '/user/repassword'),
        async (body, contentType, url) => {
          const res = await server.app.inject({
            method: 'POST',
            url: `/swx/customer${url}`,
            headers: { 'content-type': contentType },
            payload: body,
          });
          expectRefusal(res);
        },
      ),
      { numRuns: propertyRuns(120) },
    );
  });

  it('random tokens and headers never pass authentication', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.base64String({ minLength: 43, maxLength: 44 }),
          fc.constant(`Bearer ${customer.token.slice(0, 42)}`),
          fc.constant(`${customer.token}\u200b`),
        ),
        fc.constantFrom('YES', 'NO', 'maybe', ''),
        async (authorization, virtually) => {
          const res = await server.app.inject({
            method: 'POST',
            url: '/swx/customer/user/getUserInfo',
            headers: { authorization: authorization.replace(/[\r\n]/g, ''), virtually },
          });
          expect(res.statusCode).toBe(401);
          expectRefusal(res);
        },
      ),
      { numRuns: propertyRuns(80) },
    );
  });

  it('random availability queries answer a boolean or a catalogue refusal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('username', 'email', 'phone', 'x'), trickyString, { maxKeys: 3 }),
        async (query) => {
          const qs = new URLSearchParams(query as Record<string, string>).toString();
          const res = await server.app.inject({
            method: 'GET',
            url: `/swx/customer/login/checkUserNameOrPhone?${qs}`,
          });
          if (res.statusCode === 200) {
            expect(typeof res.json().result.available).toBe('boolean');
            return;
          }
          expectRefusal(res);
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  // Runs last: refused requests released their repeat-guard claims, and nothing else changed either.
  it('wrote no row and sent no mail', async () => {
    expect(await rowCounts()).toEqual(before);
    expect(mail.sent).toHaveLength(0);
  });
});
