export { Page, PageBack, Section, type PageProps, type SectionProps } from './page';
export { default as pageStyles } from './page.module.css';
