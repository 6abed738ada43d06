export { SecondFactorScreen } from './second-factor';
