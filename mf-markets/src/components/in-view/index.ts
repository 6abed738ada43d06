export { useInView } from './use-in-view';
