import { registerNamespace } from '@swx/shared';
import { fakeSiteWithStrings } from '@swx/shared/testing';
import { accountResources, namespace } from '../i18n';

export * from '@swx/shared/testing';

/** The SDK's fake site with the account module's strings registered. */
export const createFakeSite = fakeSiteWithStrings((i18n) =>
  registerNamespace(i18n, namespace, accountResources),
);
