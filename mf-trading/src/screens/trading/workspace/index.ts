export { InListsArea, ListsSlotProvider } from './lists-slot';
export { TradingChart, CHART_FOLDED_KEY } from './trading-chart';
export { positionLevels } from './position-levels';
