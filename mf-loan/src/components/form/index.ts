import { formStyles as sdkFormStyles } from '@swx/shared';
import loanForms from './form.module.css';

export { SelectField, ChoiceGroup } from '@swx/shared';
/** The SDK's form classes plus this module's phone and photo grids. */
export const formStyles: Readonly<Record<string, string | undefined>> = { ...sdkFormStyles, ...loanForms };
