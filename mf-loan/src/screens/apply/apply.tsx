import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { ApiError, Button, isLang, messageForError, useRootStore } from '@swx/shared';
import { errors, type Loan, type LoanProduct, type LoanQuote, type Signature } from '@swx/shared/contract';
import { loanApi } from '../../api';
import { DemoNotice } from '../../components/demo-notice';
import { LoadView, useLoad } from '../../components/load';
import { Section, pageStyles } from '../../components/page';
import { SignatureField } from '../../components/signature-pad';
import { useLoanStrings } from '../../i18n';
import styles from './apply.module.css';
import { CreditSummary } from './credit-summary';
import { LoanForm } from './loan-form';

interface SignProps {
  quote: LoanQuote;
  /** The quote replaced one whose terms had moved: say so above the new summary. */
  requoted: boolean;
  onBack: () => void;
  onRequoted: (quote: LoanQuote) => void;
  onApplied: (loan: Loan) => void;
}

/** The summary, the signature and the confirmation, which carries the quote the customer read. */
function SignQuote({ quote, requoted, onBack, onRequoted, onApplied }: SignProps) {
  const { t, i18n } = useLoanStrings();
  const [signature, setSignature] = useState<Signature | null>(null);
  const [read, setRead] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sign = async () => {
    if (!signature) {
      setFailure(t('common:codes.11133'));
      return;
    }
    if (!read) {
      setFailure(t('sign.confirmReadRequired'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const language = isLang(i18n.language) ? i18n.language : 'en';
      onApplied(
        await loanApi.apply({
          quoteId: quote.quoteId,
          amount: quote.amount,
          term: quote.term,
          signature,
          language,
        }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === errors.termsChanged) {
        // The terms moved since the quote: show the new ones, to be read and signed afresh.
        try {
          onRequoted(await loanApi.quote(quote.amount, quote.term));
        } catch (requote) {
          setFailure(messageForError(requote, t));
        }
      } else {
        setFailure(messageForError(error, t));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.sign}>
      {requoted ? (
        <p className={pageStyles.note} role="status">
          {t('sign.newQuote')}
        </p>
      ) : null}
      <CreditSummary quote={quote} />
      <SignatureField label={t('sign.label')} value={signature} onChange={setSignature} />
      <label className={styles.confirm}>
        <input type="checkbox" checked={read} onChange={(event) => setRead(event.target.checked)} />
        <span>{t('sign.confirmRead')}</span>
      </label>
      {failure ? (
        <p className={pageStyles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={pageStyles.actions}>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('sign.change')}
        </Button>
        <Button onClick={sign} loading={busy}>
          {t('sign.submit')}
        </Button>
      </div>
    </div>
  );
}

function Application({ product, onApplied }: { product: LoanProduct; onApplied: (loan: Loan) => void }) {
  const { t } = useLoanStrings();
  const [quote, setQuote] = useState<LoanQuote | null>(null);
  const [requoted, setRequoted] = useState(false);
  const [last, setLast] = useState<{ amount: string; term: number | null }>({ amount: '', term: null });
  // An overdue loan pauses borrowing: say why instead of offering a form the server would refuse (11401).
  if (!product.mayBorrow)
    return (
      <p className={pageStyles.alert} role="alert" data-testid="loan-borrowing-paused">
        {t('common:codes.11401')}
      </p>
    );
  if (!quote)
    return (
      <LoanForm
        product={product}
        initial={last}
        onQuoted={(next) => {
          setRequoted(false);
          setQuote(next);
        }}
      />
    );
  return (
    <SignQuote
      // A new quote is a new page to read and sign: nothing signed or ticked carries over.
      key={quote.quoteId}
      quote={quote}
      requoted={requoted}
      onBack={() => {
        setLast({ amount: quote.amount, term: quote.term });
        setRequoted(false);
        setQuote(null);
      }}
      onRequoted={(next) => {
        setRequoted(true);
        setQuote(next);
      }}
      onApplied={onApplied}
    />
  );
}

/** Loan application: amount and term, the pre-contract summary, signature, confirmation. */
export const ApplySection = observer(function ApplySection({
  onApplied,
  onVerify,
}: {
  onApplied: (loan: Loan) => void;
  onVerify: () => void;
}) {
  const { t } = useLoanStrings();
  const { settings, session } = useRootStore();
  const verified = session.userInfo?.kycStatus === 'verified';
  const product = useLoad(() => loanApi.product(), [settings.isDemo, verified]);
  let body: React.ReactNode;
  if (settings.isDemo) body = <DemoNotice />;
  else if (!verified)
    body = (
      <div className={pageStyles.note} role="status">
        <p className={styles.noticeText}>{t('apply.needsVerification')}</p>
        <Button variant="secondary" onClick={onVerify}>
          {t('apply.goVerify')}
        </Button>
      </div>
    );
  else
    body = (
      <LoadView state={product}>
        {(loaded) => (
          <Application
            product={loaded}
            onApplied={(loan) => {
              product.reload();
              onApplied(loan);
            }}
          />
        )}
      </LoadView>
    );
  return (
    <Section title={t('apply.title')} id="loan-apply">
      {body}
    </Section>
  );
});
