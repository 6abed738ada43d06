import { useSearchParams } from 'react-router-dom';
import { ReceiptDialog, type ReceiptTarget } from './receipt-dialog';

const linked = /^(spot|margin|option):([1-9][0-9]{0,18})$/;

/** A receipt target from `?receipt=margin:12`, as the account module's records link to an order's receipt. */
export function receiptFromLink(value: string | null): Omit<ReceiptTarget, 'priceDecimals'> | null {
  const match = value ? linked.exec(value) : null;
  return match ? { kind: match[1] as ReceiptTarget['kind'], id: match[2]! } : null;
}

/** Opens the receipt a link names; closing it drops the parameter, so going back does not reopen it. */
export function LinkedReceipt({ decimalsFor }: { decimalsFor: (code: string) => number | null }) {
  const [params, setParams] = useSearchParams();
  const target = receiptFromLink(params.get('receipt'));
  const close = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('receipt');
        return next;
      },
      { replace: true },
    );
  return (
    <ReceiptDialog
      target={target ? { ...target, priceDecimals: (code) => decimalsFor(code) ?? 2 } : null}
      onClose={close}
    />
  );
}
