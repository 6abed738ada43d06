import { fakeSiteWithStrings } from '@swx/shared/testing';
import { registerLoanStrings } from '../i18n';

export * from '@swx/shared/testing';

/** The SDK's fake site with the loan module's strings registered. */
export const createFakeSite = fakeSiteWithStrings(registerLoanStrings);
