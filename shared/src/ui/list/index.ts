export { List, type ListProps } from './list';
