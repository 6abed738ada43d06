import { fakeSiteWithStrings } from '@swx/shared/testing';
import { registerPassStrings } from '../i18n';

export * from '@swx/shared/testing';

/** The SDK's fake site with the pass module's strings registered. */
export const createFakeSite = fakeSiteWithStrings(registerPassStrings);

/** The customer that signs in or registers in the pass tests, as the server answers it. */
export const customer = {
  id: '7',
  username: 'alice_01',
  email: 'alice@example.com',
  kycStatus: 'unverified',
  inviteCode: 'K7M2QX9D',
  virtualStatus: '1',
  accountMode: 'demo',
  createdAt: '2026-01-01T00:00:00.000Z',
} as const;
