export * from './rules';
export { ChoiceGroup, SelectField, formStyles, problemText } from '@swx/shared';
