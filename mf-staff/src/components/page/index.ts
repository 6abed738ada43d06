export { Page, Section } from './page';
export { default as pageStyles } from './page.module.css';
