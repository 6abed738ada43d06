export { Liveness, useLiveness } from './liveness';
