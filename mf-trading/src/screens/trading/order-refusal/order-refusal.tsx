import { observer } from 'mobx-react-lite';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  currencyPrecision,
  formatMoney,
  formatNumber,
  getRootStore,
  isApiError,
  messageForError,
  type Translate,
} from '@swx/shared';
import { errors, type OrderRefusal } from '@swx/shared/contract';

/** The ticket's sentence for each of the market's minimums, by the catalogue code the server answers. */
const sizeKeys = {
  [errors.orderBelowMinimumSize]: 'order.refusal.minSize',
  [errors.orderSizeOffStep]: 'order.refusal.sizeStep',
  [errors.orderBelowMinimumNotional]: 'order.refusal.minNotional',
} as const;
import { useTradingT } from '../../../i18n';
import formStyles from '../forms.module.css';
import styles from './order-refusal.module.css';

/**
 * The reason in words, by the account set: a demo account has no deposits, so it is only told to lower the
 * amount; a real one may also deposit or release held funds (the link follows the text). The market's
 * minimums open with the catalogue's own text for the code the server would answer (`11407`–`11409`), then
 * the figure.
 */
function refusalText(
  refusal: OrderRefusal,
  t: Translate,
  demo: boolean,
  stakeBounds: { min: string; max: string } | null,
): string {
  switch (refusal.reason) {
    case 'step':
      return t('order.refusal.step', {
        currency: refusal.currency,
        step: formatNumber(refusal.step, { maximumFractionDigits: currencyPrecision(refusal.currency) }),
      });
    case 'size':
      return t(sizeKeys[refusal.code], {
        reason: t(`codes.${refusal.code}`, { ns: 'common' }),
        min: formatNumber(refusal.limits.minSize),
        step: formatNumber(refusal.limits.sizeStep),
        notional: formatMoney(refusal.limits.minNotional, refusal.quote),
      });
    case 'minimum':
    case 'maximum':
      // An option's stake has both bounds; a spot sale has a minimum only (its fee must leave something).
      if (stakeBounds)
        return t('options.stakeOutOfBounds', {
          min: formatMoney(stakeBounds.min, refusal.currency),
          max: formatMoney(stakeBounds.max, refusal.currency),
        });
      return t('order.refusal.minimumSale', {
        minimum: formatMoney(
          refusal.reason === 'minimum' ? refusal.minimum : refusal.maximum,
          refusal.currency,
        ),
      });
    case 'balance':
      return t(demo ? 'order.refusal.balanceDemo' : 'order.refusal.balanceReal', {
        needed: formatMoney(refusal.needed, refusal.currency),
        available: formatMoney(refusal.available, refusal.currency),
      });
  }
}

/**
 * Why the ticket will not open the review, in place under the fields; the review button names it with
 * `aria-describedby={id}` while it shows.
 */
export const OrderRefusalNote = observer(function OrderRefusalNote({
  id,
  refusal,
  stakeBounds = null,
}: {
  id: string;
  refusal: OrderRefusal | null;
  /** An option's stake bounds: its minimum and maximum refusals name both. */
  stakeBounds?: { min: string; max: string } | null;
}) {
  const t = useTradingT();
  const demo = getRootStore().settings.isDemo;
  return (
    // Polite: announced as the customer types, without interrupting what the screen reader is saying.
    <div className={styles.live} aria-live="polite">
      {refusal ? (
        <p
          id={id}
          className={styles.refusal}
          data-testid="order-refusal"
          data-reason={refusal.reason}
          data-code={refusal.code}
        >
          <span className={styles.icon} aria-hidden="true">
            !
          </span>
          <span className={styles.text}>
            {refusalText(refusal, t, demo, stakeBounds)}
            {refusal.reason === 'balance' && !demo ? (
              <Link className={styles.deposit} to="/profile/deposit">
                {t('order.refusal.deposit')}
              </Link>
            ) : null}
          </span>
        </p>
      ) : null}
    </div>
  );
});

/**
 * A refusal from the server in the ticket's words: an overdraft (10011, when the balance moved after the
 * ticket checked it) gets the account set's own advice, everything else the catalogue's text.
 */
export function orderFailureText(error: unknown, t: Translate): string {
  if (isApiError(error) && error.code === errors.insufficientBalance)
    return t(getRootStore().settings.isDemo ? 'order.refusal.overdraftDemo' : 'order.refusal.overdraftReal');
  return messageForError(error, t);
}

/**
 * The end of an order ticket: why it cannot be reviewed (as the customer types), the server's refusal of the
 * last attempt, and the review button, disabled and described by the reason while there is one.
 */
export const TicketSubmit = observer(function TicketSubmit({
  refusal,
  failure,
  stakeBounds = null,
  loading = false,
  disabled = false,
  children,
}: {
  refusal: OrderRefusal | null;
  failure: unknown;
  stakeBounds?: { min: string; max: string } | null;
  loading?: boolean;
  /** Disabled for another reason too (no option period offered). */
  disabled?: boolean;
  children: ReactNode;
}) {
  const t = useTradingT();
  const id = useId();
  return (
    <>
      <OrderRefusalNote id={id} refusal={refusal} stakeBounds={stakeBounds} />
      {failure ? (
        <p className={formStyles.failure} role="alert">
          {orderFailureText(failure, t)}
        </p>
      ) : null}
      <Button
        type="submit"
        fullWidth
        loading={loading}
        disabled={disabled || refusal !== null}
        aria-describedby={refusal ? id : undefined}
      >
        {children}
      </Button>
    </>
  );
});
