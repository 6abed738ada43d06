export { HomeScreen } from './home';
