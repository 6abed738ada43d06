export { SelectField, ChoiceGroup } from './fields';
export { default as formStyles } from './form.module.css';
