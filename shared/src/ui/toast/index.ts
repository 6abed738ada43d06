export { ToastRegion } from './toast-region';
export { ToastStore, toaster, type Toast, type ToastTone, type ShowToastOptions } from './toast-store';
