export { SignIn, CodeField, cleanCode } from './sign-in';
export { Enrolment } from './enrolment';
export { NewPassword } from './new-password';
export { RecoveryCodes, RecoveryCodeList } from './recovery-codes';
export { ResetPassword, resetTokenOf } from './reset-password';
