export { ProfileScreen } from './profile';
