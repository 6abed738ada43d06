export { VerifySection } from './verify';
