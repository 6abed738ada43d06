import fc from 'fast-check';
import {
  acceptablePassword,
  accountLookup,
  newInviteCode,
  normaliseEmail,
  normaliseInviteCode,
  normaliseUsername,
} from '../credentials';
import { languageFromHeader, verificationCodeMail } from '../../mail/verification-code';
import { canonicalJson } from '../../guards/repeat';

const nameChar = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'.split(''),
);
const validName = fc.array(nameChar, { minLength: 3, maxLength: 20 }).map((cs) => cs.join(''));
const invisibles = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u202a',
  '\u202b',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u061c',
  '\u00ad',
  '\u0000',
  '\u001b',
  '\u007f',
  '\u2028',
  '\u2029',
];

describe('usernames', () => {
  it('keeps a valid name as typed', () => {
    fc.assert(fc.property(validName, (name) => normaliseUsername(name) === name));
  });

  it('reads full-width look-alikes as the plain name they imitate', () => {
    const fullWidth = (s: string) =>
      [...s].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
    fc.assert(fc.property(validName, (name) => normaliseUsername(fullWidth(name)) === name));
  });

  it('refuses any name with an invisible or reordering character anywhere', () => {
    fc.assert(
      fc.property(validName, fc.constantFrom(...invisibles), fc.nat(), (name, bad, at) => {
        const i = at % (name.length + 1);
        return normaliseUsername(name.slice(0, i) + bad + name.slice(i)) === null;
      }),
    );
  });

  it('only ever returns 3–20 ASCII letters, digits and underscores', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (raw) => {
        const name = normaliseUsername(raw);
        return name === null || /^[A-Za-z0-9_]{3,20}$/.test(name);
      }),
    );
  });
});

describe('e-mail addresses', () => {
  it('lower-cases and refuses non-ASCII look-alikes and bad shapes', () => {
    expect(normaliseEmail('Alice@Example.COM')).toBe('alice@example.com');
    for (const bad of [
      'alice@exаmple.com',
      'alice@example',
      '@example.com',
      'a@@b.co',
      'a b@c.co',
      'a@b.co\u200d',
    ]) {
      expect(normaliseEmail(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const stored = normaliseEmail(email);
        return stored === null || (stored === stored.toLowerCase() && /^[\x21-\x7e]+$/.test(stored));
      }),
    );
  });

  it('tells an e-mail sign-in from a username sign-in', () => {
    expect(accountLookup('Bob@Example.com')).toEqual({ email: 'bob@example.com' });
    expect(accountLookup(' bob_1 ')).toEqual({ username: 'bob_1' });
    expect(accountLookup('b\u200dob')).toBeNull();
  });
});

describe('passwords', () => {
  it('needs 8–64 characters with a letter and a digit', () => {
    expect(acceptablePassword('abcdefg1')).toBe(true);
    expect(acceptablePassword('пароль123')).toBe(true);
    expect(acceptablePassword('abcdef1')).toBe(false);
    expect(acceptablePassword('abcdefgh')).toBe(false);
    expect(acceptablePassword('12345678')).toBe(false);
    expect(acceptablePassword('a1'.repeat(32))).toBe(true);
    expect(acceptablePassword('a1'.repeat(32) + 'x')).toBe(false);
    expect(acceptablePassword('abcd\u200befg1')).toBe(false);
  });
});

describe('invite codes', () => {
  it('are 8 characters without look-alikes and read back in any case', () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        const code = newInviteCode();
        return (
          /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/.test(code) &&
          normaliseInviteCode(` ${code.toLowerCase()} `) === code
        );
      }),
    );
    expect(normaliseInviteCode('O0O0O0O0')).toBeNull();
  });
});

describe('repeat-guard form identity', () => {
  it('does not depend on key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 }), (form) => {
        const reversed = Object.fromEntries(Object.entries(form).reverse());
        return canonicalJson(form) === canonicalJson(reversed);
      }),
    );
  });
});

describe('code mail language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-CA,fr;q=0.9', 'fr'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK,zh;q=0.8', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['ru;q=1,ja;q=0.8', 'ja'],
    ['en;q=0.1,ar;q=0.9', 'ar'],
    ['xx, *', 'en'],
  ])('Accept-Language %p reads as %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });

  it('writes Arabic right-to-left, then English', () => {
    const mail = verificationCodeMail({
      to: 'a@b.co',
      code: '012345',
      scene: 'reset',
      minutes: 10,
      language: 'ar',
    });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('012345');
    expect(mail.text).toContain('Your verification code is 012345');
  });
});
