export { Pager, PagesOf } from './pager';
