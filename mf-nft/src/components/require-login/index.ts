export { RequireLogin } from './require-login';
