import { useId, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, LoadView, Money, TextField, toaster, useLoad } from '@swx/shared';
import type { MarketOptionTermsRecord, OptionPeriod } from '@swx/shared/contract';
import { Facts } from '../../components/facts';
import { Page, pageStyles, Section } from '../../components/page';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** Periods as editable text: "60:0.85, 300:0.9" (seconds:rate). */
export function periodsText(periods: readonly OptionPeriod[]): string {
  return periods.map((period) => `${period.seconds}:${period.rate}`).join(', ');
}

/** The text back to periods, or null when a pair is not `seconds:rate`. */
export function parsePeriods(text: string): OptionPeriod[] | null {
  const pairs = text
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean);
  const periods: OptionPeriod[] = [];
  for (const pair of pairs) {
    const match = /^([0-9]{1,6})\s*:\s*(0(\.[0-9]{1,6})?|1(\.0{1,6})?)$/.exec(pair);
    if (!match) return null;
    periods.push({ seconds: Number(match[1]), rate: match[2]! });
  }
  return periods;
}

function TermsEditor({ record, onSaved }: { record: MarketOptionTermsRecord; onSaved: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [periods, setPeriods] = useState(record.override.periods ? periodsText(record.override.periods) : '');
  const [stakeMin, setStakeMin] = useState(record.override.stakeMin ?? '');
  const [stakeMax, setStakeMax] = useState(record.override.stakeMax ?? '');
  const [reason, setReason] = useState('');
  const { busy, failure, setFailure, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = periods.trim() ? parsePeriods(periods) : null;
    if (periods.trim() && parsed === null) {
      setFailure(t('markets.periodsInvalid'));
      return;
    }
    await run(async () => {
      await session.api.call('admin.setMarketOptionTerms', {
        params: { code: record.code },
        body: {
          periods: parsed,
          stakeMin: stakeMin.trim() || null,
          stakeMax: stakeMax.trim() || null,
          reason: reason.trim(),
        },
      });
      toaster.show(t('markets.asked', { code: record.code }), { tone: 'success' });
      setReason('');
      onSaved();
    });
  };

  return (
    <>
      <Facts
        label={t('markets.effective')}
        items={[
          [t('markets.periods'), periodsText(record.effective.periods)],
          [t('markets.stakeMin'), <Money key="min" value={record.effective.stakeMin} currency="USDT" />],
          [t('markets.stakeMax'), <Money key="max" value={record.effective.stakeMax} currency="USDT" />],
        ]}
      />
      <form onSubmit={(event) => void submit(event)} className={pageStyles.page}>
        <TextField
          label={t('markets.periodsOverride')}
          hint={t('markets.periodsHint')}
          value={periods}
          onChange={(event) => setPeriods(event.target.value)}
        />
        <div className={pageStyles.fields}>
          <TextField
            label={t('markets.stakeMinOverride')}
            inputMode="decimal"
            value={stakeMin}
            onChange={(event) => setStakeMin(event.target.value)}
          />
          <TextField
            label={t('markets.stakeMaxOverride')}
            inputMode="decimal"
            value={stakeMax}
            onChange={(event) => setStakeMax(event.target.value)}
          />
        </div>
        <TextField
          label={t('reason.label')}
          value={reason}
          required
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormAlert message={failure} />
        <div>
          <Button type="submit" loading={busy}>
            {t('actions.save')}
          </Button>
        </div>
      </form>
    </>
  );
}

function MarketTerms({ code, onSaved }: { code: string; onSaved: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const record = useLoad(() => session.api.call('admin.marketOptionTerms', { params: { code } }), [code]);
  return (
    <LoadView state={record} t={t} keepDataOnError>
      {(answer) => (
        <TermsEditor
          key={JSON.stringify(answer.override)}
          record={answer}
          onSaved={() => {
            record.reload();
            onSaved();
          }}
        />
      )}
    </LoadView>
  );
}

/** Option terms per market: the markets that offer options, what applies, the market's own overrides, a reasoned change. */
export const Markets = observer(function Markets() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const list = useLoad(() => session.api.call('admin.optionMarkets'), []);
  const [shown, setShown] = useState<string | null>(null);
  const selectId = useId();
  return (
    <Page title={t('markets.title')} lead={t('markets.lead')}>
      <LoadView state={list} t={t} keepDataOnError>
        {(markets) => (
          <div className={pageStyles.row}>
            <label htmlFor={selectId}>{t('markets.code')}</label>
            <select
              id={selectId}
              value={shown ?? ''}
              onChange={(event) => setShown(event.target.value || null)}
            >
              <option value="">{t('markets.choose')}</option>
              {markets.map((market) => (
                <option key={market.code} value={market.code}>
                  {market.code} · {market.name}
                  {market.overridden ? ` · ${t('markets.ownTerms')}` : ''}
                </option>
              ))}
            </select>
          </div>
        )}
      </LoadView>
      {shown ? (
        <Section title={t('markets.termsOf', { code: shown })} id="market-terms">
          <MarketTerms code={shown} onSaved={list.reload} />
        </Section>
      ) : null}
    </Page>
  );
});
