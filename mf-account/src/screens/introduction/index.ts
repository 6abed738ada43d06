export { IntroductionScreen } from './introduction';
