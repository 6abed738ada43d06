export { useLoad, type LoadState } from './use-load';
export { LoadView } from './load-view';
