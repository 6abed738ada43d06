export { LoginCallbackScreen } from './login-callback';
