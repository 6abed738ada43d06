import { fakeSiteWithStrings } from '@swx/shared/testing';
import { registerMarketsStrings } from '../i18n';

export * from '@swx/shared/testing';

/** The SDK's fake site with the markets module's strings registered. */
export const createFakeSite = fakeSiteWithStrings(registerMarketsStrings);
