export { IdentityRecord, SignatureDrawing } from './identity-record';
