import { Money } from '@swx/shared';
import type { PendingChange } from '@swx/shared/contract';
import { pageStyles } from '../../components/page';
import { useStaffStrings } from '../../i18n';
import styles from './changes.module.css';

/** A value as staff read it: text as it is, anything else as compact JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Summary fields that are amounts of the change's currency (a reserve's balance, a plan's bounds). */
const amountFields = new Set(['balance', 'obligations', 'add']);

/** The currency a change's amounts are in, where its target names one (`plan_reserve:USDT`). */
export function changeCurrency(change: Pick<PendingChange, 'kind' | 'target'>): string | null {
  const match = /^plan_reserve:([A-Z0-9]{2,10})$/.exec(change.target);
  return change.kind === 'plan-reserve' && match ? match[1]! : null;
}

/**
 * A change's title in the member's language where its kind and target say everything (a parameter, a
 * market's option terms, a reserve's funding); the server's English title otherwise (it names a plan or a
 * member).
 */
export function changeTitle(change: PendingChange, t: ReturnType<typeof useStaffStrings>['t']): string {
  const [, name = ''] = /^[a-z_]+:(.+)$/.exec(change.target) ?? [];
  if (change.kind === 'param' && name) return t('changes.titles.param', { key: name });
  if (change.kind === 'option-terms' && name) return t('changes.titles.optionTerms', { code: name });
  const currency = changeCurrency(change);
  if (currency) return t('changes.titles.planReserve', { currency });
  return change.summary.title;
}

function isTerm(value: unknown): value is { days: number; dailyRate: string } {
  return typeof value === 'object' && value !== null && 'days' in value && 'dailyRate' in value;
}

/**
 * A change's value before or after, in the member's words: roles by their names, a record (a reserve, a
 * plan's terms) as labelled lines with amounts in their currency, yes/no for switches; anything else as text.
 */
export function ChangeValue({ change, value }: { change: PendingChange; value: unknown }) {
  const { t } = useStaffStrings();
  const currency = changeCurrency(change);
  const one = (key: string, item: unknown) => {
    if (typeof item === 'boolean') return item ? t('params.yes') : t('params.no');
    if (typeof item === 'string' && currency && amountFields.has(key))
      return <Money value={item} currency={currency} />;
    if (Array.isArray(item) && item.every(isTerm))
      return item.map((term) => t('changes.term', { days: term.days, rate: term.dailyRate })).join(', ');
    return <span className={pageStyles.mono}>{shownValue(item)}</span>;
  };
  if (change.kind === 'staff-roles' && Array.isArray(value))
    return (
      <>
        {value.map((role) => t(`roles.names.${String(role)}`, { defaultValue: String(role) })).join(', ') ||
          '—'}
      </>
    );
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return (
      <ul className={styles.values}>
        {Object.entries(value).map(([key, item]) => (
          <li key={key}>
            <span className={pageStyles.muted}>{t(`changes.values.${key}`, { defaultValue: key })}</span>{' '}
            {one(key, item)}
          </li>
        ))}
      </ul>
    );
  return <span className={pageStyles.mono}>{shownValue(value)}</span>;
}
