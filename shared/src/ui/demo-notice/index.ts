export { DemoNotice, type DemoNoticeProps } from './demo-notice';
export { useSwitchToReal } from './use-switch-to-real';
