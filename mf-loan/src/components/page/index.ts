export { Section } from './section';
export { default as pageStyles } from './page.module.css';
