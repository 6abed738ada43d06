export { ChoiceGroup, SelectField, type ChoiceGroupProps, type SelectFieldProps } from './fields';
export { default as formStyles } from './form.module.css';
