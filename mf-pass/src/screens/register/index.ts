export { RegisterScreen } from './register';
