export * from './rules';
export { ChoiceGroup } from './choice-group';
export { SelectField } from './select-field';
export { default as formStyles } from './form.module.css';
