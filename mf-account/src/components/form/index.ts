export * from './rules';
export { problemText } from '@swx/shared';
export { ChoiceGroup } from './choice-group';
export { SelectField } from './select-field';
export { default as formStyles } from './form.module.css';
