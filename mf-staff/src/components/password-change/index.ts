export { PasswordChangeForm, NewPasswordFields, newPasswordProblem } from './password-change';
