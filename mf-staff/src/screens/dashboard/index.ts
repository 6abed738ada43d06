export { Dashboard } from './dashboard';
