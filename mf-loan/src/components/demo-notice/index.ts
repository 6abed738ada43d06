export { DemoNotice } from './demo-notice';
