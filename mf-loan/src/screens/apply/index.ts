export { ApplySection } from './apply';
