export { HelpScreen } from './help';
export { FaqScreen } from './faq';
export { NoticeScreen } from './notice';
