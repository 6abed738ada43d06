export { Countdown } from './countdown';
