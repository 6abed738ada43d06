export { SignatureField, padSignature, type SignatureFieldProps } from './signature-field';
