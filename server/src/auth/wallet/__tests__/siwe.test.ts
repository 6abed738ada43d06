import fc from 'fast-check';
import { createSiweMessage } from 'viem/siwe';
import { AppError } from '../../../http/errors';
import { checkFields, parseStrictly, type SiweExpectations } from '../siwe';

const expected: SiweExpectations = { domain: 'swx.example', origin: 'https://swx.example', chainId: 1 };
const issuedAt = new Date('2026-11-23T19:00:00.000Z');

const valid = createSiweMessage({
  domain: expected.domain,
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to SWX.',
  uri: expected.origin,
  version: '1',
  chainId: 1,
  nonce: 'a1b2c3d4e5f60718',
  issuedAt,
  expirationTime: new Date(issuedAt.getTime() + 5 * 60_000),
});

/** The catalogue code a call throws, or 'ok'. */
function outcome(action: () => unknown): string {
  try {
    action();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('parseStrictly', () => {
  it('reads the message our client builds', () => {
    const message = parseStrictly(valid);
    expect(message).toMatchObject({ domain: 'swx.example', chainId: 1, nonce: 'a1b2c3d4e5f60718' });
    expect(outcome(() => checkFields(message, expected, new Date(issuedAt.getTime() + 1000)))).toBe('ok');
  });

  it('refuses arbitrary text with its catalogue code, never another error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        expect(outcome(() => parseStrictly(text))).toBe('11120');
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a valid message with text inserted anywhere', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: valid.length }),
        fc.string({ minLength: 1, maxLength: 40 }),
        (at, inserted) => {
          const text = valid.slice(0, at) + inserted + valid.slice(at);
          const code = outcome(() => parseStrictly(text));
          // Inserting can yield another well-formed message (a longer statement or nonce); then it is a
          // different message, which the signature check refuses. Anything else is refused here.
          if (code === 'ok') expect(text).not.toBe(valid);
          else expect(code).toBe('11120');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a valid message with any required line removed', () => {
    const lines = valid.split('\n');
    // The statement and the expiration time are optional in EIP-4361: without one the text is another
    // valid message (the nonce's own five minutes still bound it).
    const optional = lines.flatMap((line, i) =>
      line === 'Sign in to SWX.' || line.startsWith('Expiration Time: ') ? [i] : [],
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: lines.length - 1 }).filter((i) => !optional.includes(i)),
        (index) => {
          const text = lines.filter((_, i) => i !== index).join('\n');
          expect(outcome(() => parseStrictly(text))).toBe('11120');
        },
      ),
    );
  });
});

describe('checkFields', () => {
  const message = parseStrictly(valid);

  it('refuses another site or chain with 11121', () => {
    for (const changed of [
      { ...message, domain: 'evil.example' },
      { ...message, uri: 'https://evil.example/login' },
      { ...message, uri: 'http://swx.example/' },
      { ...message, chainId: 5 },
      { ...message, scheme: 'http' },
    ]) {
      expect(outcome(() => checkFields(changed, expected, issuedAt))).toBe('11121');
    }
  });

  it('accepts only between issue (with a minute of skew) and expiry', () => {
    const at = (ms: number) =>
      outcome(() => checkFields(message, expected, new Date(issuedAt.getTime() + ms)));
    expect(at(-59_000)).toBe('ok');
    expect(at(-61_000)).toBe('11122');
    expect(at(5 * 60_000 - 1)).toBe('ok');
    expect(at(5 * 60_000)).toBe('11122');
  });
});
