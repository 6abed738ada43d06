import * as rules from '../rules';

describe('field rules (seed §5 messages)', () => {
  describe('account (username or e-mail)', () => {
    it.each(['', '   '])('requires a value: %j', (value) => {
      expect(rules.account(value)).toBe('validation.usernameOrEmailRequired');
    });
    it.each(['alice', 'alice@example.com'])('accepts %s', (value) => {
      expect(rules.account(value)).toBeNull();
    });
  });

  describe('username', () => {
    it('is required', () => {
      expect(rules.username(' ')).toBe('validation.usernameRequired');
    });
    it.each(['ab', 'a'.repeat(21), 'has space', 'dash-ed', 'alice!'])('refuses %j', (value) => {
      expect(rules.username(value)).toBe('rules.usernameFormat');
    });
    it.each(['abc', 'alice_01', 'a'.repeat(20), 'ｆｕｌｌ', '用户名'])('accepts %j', (value) => {
      expect(rules.username(value)).toBeNull();
    });
  });

  describe('e-mail', () => {
    it('is required', () => {
      expect(rules.email('')).toBe('validation.emailRequired');
    });
    it.each(['alice', 'alice@', '@example.com', 'alice@example', 'a b@example.com', 'alice@@example.com'])(
      'must be in a valid format: %j',
      (value) => {
        expect(rules.email(value)).toBe('validation.emailFormat');
      },
    );
    it.each(['alice@example.com', ' Alice.B+tag@mail.example.org '])('accepts %j', (value) => {
      expect(rules.email(value)).toBeNull();
    });
  });

  describe('password', () => {
    it('is required to sign in, whatever its shape', () => {
      expect(rules.currentPassword('')).toBe('validation.passwordRequired');
      expect(rules.currentPassword('x')).toBeNull();
    });
    it('is required when chosen', () => {
      expect(rules.newPassword('')).toBe('validation.passwordRequired');
    });
    it.each(['short1a', 'lettersonly', '1234567890', `a1${'x'.repeat(63)}`])(
      'a new one follows the policy (11004): %j',
      (value) => {
        expect(rules.newPassword(value)).toBe('codes.11004');
      },
    );
    it.each(['secret12', `a1${'x'.repeat(62)}`, 'pässwört9'])('accepts %j', (value) => {
      expect(rules.newPassword(value)).toBeNull();
    });
  });

  describe('confirm password', () => {
    it('is required', () => {
      expect(rules.confirmPassword('', 'secret12')).toBe('validation.confirmPasswordRequired');
    });
    it('must match (the two passwords are inconsistent otherwise)', () => {
      expect(rules.confirmPassword('secret13', 'secret12')).toBe('validation.passwordsInconsistent');
      expect(rules.confirmPassword('secret12', 'secret12')).toBeNull();
    });
  });

  describe('verification code', () => {
    it('is required', () => {
      expect(rules.verificationCode('')).toBe('validation.codeRequired');
    });
    it.each(['12345', '1234567', 'abcdef'])('has 6 digits: %j', (value) => {
      expect(rules.verificationCode(value)).toBe('rules.codeFormat');
    });
    it('accepts a 6-digit code', () => {
      expect(rules.verificationCode(' 042917 ')).toBeNull();
    });
  });

  describe('invite code', () => {
    it('is optional', () => {
      expect(rules.inviteCode('')).toBeNull();
    });
    it('has only letters and digits', () => {
      expect(rules.inviteCode('K7M2-QX9D')).toBe('rules.inviteCodeFormat');
      expect(rules.inviteCode('K7M2QX9D')).toBeNull();
    });
  });
});
