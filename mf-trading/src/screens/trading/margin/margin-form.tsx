import { observer } from 'mobx-react-lite';
import {
  Button,
  DecimalField,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPrice,
  Modal,
  problemText,
  type Translate,
} from '@swx/shared';
import { Figures, SignedAmount } from '../../../components/figures';
import { limitsHint } from '../../../components/order-limits';
import { Segmented } from '../../../components/segmented';
import { useTradingT } from '../../../i18n';
import { TicketSubmit } from '../order-refusal';
import type { TradingStore } from '../trading-store';
import styles from '../forms.module.css';
import type { MarginFormStore } from './margin-form-store';

/**
 * "1 lot = 100,000 units", "1 lot = 1 unit": plural by the language's rules (i18next `_one`/`_other`...).
 * The plural category is chosen from the number; the digits shown are the SDK's formatting of the exact size.
 */
function lotHint(t: Translate, contractSize: string): string {
  return t('margin.lotHint', { count: Number(contractSize), size: formatNumber(contractSize) });
}

export const MarginForm = observer(function MarginForm({
  form,
  trading,
}: {
  form: MarginFormStore;
  trading: TradingStore;
}) {
  const t = useTradingT();
  const problems = form.visibleProblems;
  const info = trading.info;
  return (
    <>
      <form
        className={styles.form}
        noValidate
        aria-label={t('tabs.margin')}
        onSubmit={(event) => {
          event.preventDefault();
          void form.review();
        }}
      >
        <Segmented
          label={t('margin.direction')}
          value={form.direction}
          onChange={(value) => form.set('direction', value)}
          options={[
            { value: 'long', label: t('margin.long'), tone: 'up' },
            { value: 'short', label: t('margin.short'), tone: 'down' },
          ]}
        />
        <DecimalField
          label={t('margin.lots')}
          required
          value={form.lots}
          onValueChange={(text) => form.set('lots', text)}
          error={problemText(problems.lots, t)}
          hint={
            info
              ? [lotHint(t, info.contractSize), limitsHint(info, t)].filter(Boolean).join(' · ')
              : undefined
          }
        />
        <Segmented
          label={t('margin.leverage')}
          value={form.leverage}
          onChange={(value) => form.set('leverage', value)}
          options={form.leverages.map((value) => ({ value, label: t('margin.leverageValue', { value }) }))}
        />
        <Segmented
          label={t('order.entry')}
          value={form.orderType}
          onChange={(value) => form.set('orderType', value)}
          options={[
            { value: 'market', label: t('order.market') },
            { value: 'limit', label: t('order.limit') },
          ]}
        />
        {form.orderType === 'limit' ? (
          <DecimalField
            label={t('order.limitPrice')}
            required
            value={form.limitPrice}
            onValueChange={(text) => form.set('limitPrice', text)}
            error={problemText(problems.limitPrice, t)}
          />
        ) : null}
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={form.stopLossOn}
            onChange={(event) => form.set('stopLossOn', event.target.checked)}
          />
          {t('margin.setStopLoss')}
        </label>
        {form.stopLossOn ? (
          <DecimalField
            label={t('margin.stopLoss')}
            required
            value={form.stopLoss}
            onValueChange={(text) => form.set('stopLoss', text)}
            error={problemText(problems.stopLoss, t)}
          />
        ) : null}
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={form.takeProfitOn}
            onChange={(event) => form.set('takeProfitOn', event.target.checked)}
          />
          {t('margin.setTakeProfit')}
        </label>
        {form.takeProfitOn ? (
          <DecimalField
            label={t('margin.takeProfit')}
            required
            value={form.takeProfit}
            onValueChange={(text) => form.set('takeProfit', text)}
            error={problemText(problems.takeProfit, t)}
          />
        ) : null}
        <TicketSubmit refusal={form.refusal} failure={form.failure} loading={form.quoting}>
          {t('order.review')}
        </TicketSubmit>
      </form>
      <MarginConfirm form={form} trading={trading} />
    </>
  );
});

/** The quoted terms (docs/product.md promise 4); confirming sends the quote id, and the server re-checks it. */
const MarginConfirm = observer(function MarginConfirm({
  form,
  trading,
}: {
  form: MarginFormStore;
  trading: TradingStore;
}) {
  const t = useTradingT();
  const { quote, quotedOrder } = form;
  const decimals = trading.priceDecimals;
  return (
    <Modal
      open={quote !== null}
      onClose={form.dismissQuote}
      dismissOnBackdrop={false}
      title={t('margin.confirmTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={form.dismissQuote}>
            {t('order.cancel')}
          </Button>
          <Button onClick={() => void form.confirm()} loading={form.placing}>
            {t('order.confirm')}
          </Button>
        </>
      }
    >
      {quote && quotedOrder ? (
        <>
          {form.requoted ? (
            <p className={styles.failure} role="alert">
              {t('codes.11007', { ns: 'common' })}
            </p>
          ) : null}
          <Figures
            testId="margin-quote"
            items={[
              [t('market'), quotedOrder.code],
              [t('margin.direction'), t(quotedOrder.direction === 'long' ? 'margin.long' : 'margin.short')],
              [t('margin.quotedPrice'), formatPrice(quote.price, decimals), 'quote-price'],
              [t('margin.lots'), quotedOrder.lots, 'quote-lots'],
              [
                t('margin.leverage'),
                t('margin.leverageValue', { value: quotedOrder.leverage }),
                'quote-leverage',
              ],
              [t('margin.requiredMargin'), formatMoney(quote.requiredMargin, 'USDT'), 'quote-margin'],
              [t('margin.fee'), formatMoney(quote.fee, 'USDT'), 'quote-fee'],
              ...(quotedOrder.stopLoss
                ? [[t('margin.stopLoss'), formatPrice(quotedOrder.stopLoss, decimals)] as [string, string]]
                : []),
              ...(quotedOrder.takeProfit
                ? [
                    [t('margin.takeProfit'), formatPrice(quotedOrder.takeProfit, decimals)] as [
                      string,
                      string,
                    ],
                  ]
                : []),
              [
                t('margin.expectedReturn'),
                quote.expectedReturn === null ? (
                  t('margin.noTakeProfit')
                ) : (
                  <SignedAmount value={quote.expectedReturn}>
                    {formatMoney(quote.expectedReturn, 'USDT')}
                  </SignedAmount>
                ),
                'quote-expected-return',
              ],
              [
                t('margin.liquidationPrice'),
                formatPrice(quote.liquidationPrice, decimals),
                'quote-liquidation',
              ],
            ]}
          />
          <p className={styles.note}>{t('margin.quoteValid', { time: formatDateTime(quote.expiresAt) })}</p>
        </>
      ) : null}
    </Modal>
  );
});
