import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { Button, messageForError, type FieldProblem } from '@swx/shared';
import type { KycDetail, KycField, KycRejection } from '@swx/shared/contract';
import { loanApi } from '../../api';
import { pageStyles } from '../../components/page';
import { useLoanStrings } from '../../i18n';
import type { KycDraft, KycStep } from './kyc-draft';
import { DocumentStep, PersonalStep, PhotosStep, SignatureStep, type StepProps } from './kyc-steps';
import { ReviewStep } from './review-step';
import styles from './verify.module.css';

const stepViews: Record<KycStep, (props: StepProps) => React.ReactNode> = {
  document: (props) => <DocumentStep {...props} />,
  personal: (props) => <PersonalStep {...props} />,
  photos: (props) => <PhotosStep {...props} />,
  signature: (props) => <SignatureStep {...props} />,
  review: (props) => <ReviewStep {...props} />,
};

interface KycStepperProps {
  draft: KycDraft;
  rejections: readonly KycRejection[];
  onSubmitted: (detail: KycDetail) => void;
}

/**
 * The verification steps: document type, personal data, photos, signature, review. Each step checks its
 * fields before the next one opens; the draft is kept per tab so the customer can leave and come back.
 */
export const KycStepper = observer(function KycStepper({ draft, rejections, onSubmitted }: KycStepperProps) {
  const { t } = useLoanStrings();
  const [problems, setProblems] = useState<Partial<Record<KycField, FieldProblem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { steps, stepIndex } = draft;
  const step = steps[stepIndex] ?? 'review';

  const go = (target: KycStep) => {
    setProblems({});
    setFailure(null);
    draft.goTo(target);
    // Focus follows the step, so keyboard and screen-reader users land on the new step's heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const next = () => {
    const found = draft.problems(step);
    if (Object.keys(found).length > 0) {
      setProblems(found);
      return;
    }
    const following = steps[stepIndex + 1];
    if (following) go(following);
  };

  const submit = async () => {
    const found = draft.problems('review');
    if (Object.keys(found).length > 0) {
      setProblems(found);
      setFailure(t('common:validation.completeAllInformation'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const detail = await loanApi.submitKyc(draft.body());
      draft.discard();
      onSubmitted(detail);
    } catch (error) {
      setFailure(messageForError(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.stepper}>
      <ol className={styles.steps} aria-label={t('verify.stepsLabel')}>
        {steps.map((name, index) => (
          <li
            key={name}
            className={[
              styles.step,
              index === stepIndex ? styles.current : '',
              index < stepIndex ? styles.done : '',
            ].join(' ')}
            aria-current={index === stepIndex ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <span className={styles.stepName}>{t(`verify.steps.${name}`)}</span>
          </li>
        ))}
      </ol>
      <h3 className={styles.stepTitle} ref={headingRef} tabIndex={-1}>
        {t('verify.stepOf', { step: stepIndex + 1, total: steps.length })}: {t(`verify.steps.${step}`)}
      </h3>
      {stepViews[step]({ draft, problems, rejections })}
      {failure ? (
        <p className={pageStyles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={pageStyles.actions}>
        {stepIndex > 0 ? (
          <Button variant="secondary" onClick={() => go(steps[stepIndex - 1]!)} disabled={busy}>
            {t('verify.back')}
          </Button>
        ) : null}
        {step === 'review' ? (
          <Button onClick={submit} loading={busy}>
            {t('verify.submit')}
          </Button>
        ) : (
          <Button onClick={next}>{t('verify.next')}</Button>
        )}
      </div>
    </div>
  );
});
