export { limitsHint } from './order-limits';
