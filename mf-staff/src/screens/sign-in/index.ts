export { SignIn, cleanCode } from './sign-in';
export { Enrolment } from './enrolment';
