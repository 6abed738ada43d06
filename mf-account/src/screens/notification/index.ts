export { NotificationScreen } from './notification';
