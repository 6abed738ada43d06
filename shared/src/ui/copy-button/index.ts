export { CopyButton, copyText, type CopyButtonProps } from './copy-button';
export { Reference, shortenReference, type ReferenceProps } from './reference';
