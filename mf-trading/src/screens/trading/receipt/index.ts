export { ReceiptDialog, type ReceiptTarget } from './receipt-dialog';
export { LinkedReceipt, receiptFromLink } from './linked-receipt';
