export { SettingsScreen } from './settings';
