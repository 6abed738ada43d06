export { Sparkline, sparklinePoints, SPARKLINE_POINTS } from './sparkline';
