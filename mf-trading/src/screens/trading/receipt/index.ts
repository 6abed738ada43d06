export { ReceiptDialog, type ReceiptTarget } from './receipt-dialog';
