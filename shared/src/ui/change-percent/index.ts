export {
  ChangePercent,
  changeDirection,
  type ChangeDirection,
  type ChangePercentProps,
} from './change-percent';
