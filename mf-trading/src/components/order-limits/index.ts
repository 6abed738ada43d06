export { limitsHint, sizeProblem } from './order-limits';
