import { ledgerEntryTypes } from '@swx/shared/contract';
import type { RecordFilters } from '../../api';

/** The event types customers filter by: every type the ledger writes on a customer's funds. */
export const recordTypes = ledgerEntryTypes.filter((type) => type !== 'plan_reserve_funding');

export const recordCurrencies = ['USDT', 'BTC', 'ETH'] as const;

export interface FilterForm {
  type: string;
  currency: string;
  /** `yyyy-mm-dd` from a date input, in the customer's own time zone. */
  from: string;
  to: string;
}

/** Day bounds in the customer's time zone, sent as instants (the server compares times, not dates). */
export function toRecordFilters(form: FilterForm): RecordFilters {
  const filters: RecordFilters = {};
  if (form.type) filters.type = form.type;
  if (form.currency) filters.currency = form.currency;
  if (form.from) filters.from = new Date(`${form.from}T00:00:00`).toISOString();
  if (form.to) filters.to = new Date(`${form.to}T23:59:59.999`).toISOString();
  return filters;
}
