export { DecimalField, type DecimalFieldProps } from './decimal-field';
export { normaliseDecimalInput, parseAmount, wireAmount } from './amount';
