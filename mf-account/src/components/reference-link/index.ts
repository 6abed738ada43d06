export { referencePages, referencePage } from './reference-pages';
