export { CopyButton, copyText, type CopyButtonProps } from './copy-button';
