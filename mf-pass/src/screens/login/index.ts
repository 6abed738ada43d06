export { LoginScreen, type LoginNotice } from './login';
