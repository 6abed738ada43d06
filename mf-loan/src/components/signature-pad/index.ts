export { SignatureField, type SignatureFieldProps } from './signature-field';
