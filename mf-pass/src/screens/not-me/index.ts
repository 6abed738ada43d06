export { NotMeScreen } from './not-me';
