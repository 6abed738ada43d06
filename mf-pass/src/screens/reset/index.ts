export { ResetScreen } from './reset';
