import { formStyles, pageStyles as sdkPageStyles } from '@swx/shared';
import loanPage from './page.module.css';

export { Page, Section } from '@swx/shared';
/**
 * The SDK's page classes, its messages and terms (alert, success, note, terms: the SDK's `formStyles`), and
 * this module's tabs.
 */
export const pageStyles: Readonly<Record<string, string | undefined>> = {
  ...sdkPageStyles,
  alert: formStyles.alert,
  success: formStyles.success,
  note: formStyles.note,
  terms: formStyles.terms,
  ...loanPage,
};
