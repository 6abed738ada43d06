export { useLoad, type LoadState } from './use-load';
export { LoadView, type LoadViewProps } from './load-view';
