export { ReasonDialog, reasonMaxLength } from './reason-dialog';
