import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Button, formatDateTime, useRootStore } from '@swx/shared';
import { KYC_REVIEW_HOURS, kycImageFields, type KycDetail, type KycImageField } from '@swx/shared/contract';
import { loanApi } from '../../api';
import { LoadView, useLoad } from '../../components/load';
import { Section, pageStyles } from '../../components/page';
import { StatusBadge, type StatusTone } from '../../components/status';
import { useLoanStrings } from '../../i18n';
import { KycDraft } from './kyc-draft';
import { KycStepper } from './kyc-stepper';
import styles from './verify.module.css';

const tones: Record<KycDetail['status'], StatusTone> = {
  unverified: 'neutral',
  pending: 'pending',
  verified: 'good',
  failed: 'bad',
};

/** A submitted photo's thumbnail (owner only, fetched with the session). */
function Thumbnail({ field }: { field: KycImageField }) {
  const { t } = useLoanStrings();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let created: string | null = null;
    let current = true;
    loanApi.kycImage(field).then(
      (blob) => {
        if (!current || typeof URL.createObjectURL !== 'function') return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      },
      () => undefined,
    );
    return () => {
      current = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [field]);
  return (
    <figure className={styles.thumb}>
      {url ? <img src={url} alt={t(`verify.photos.${field}`)} /> : <span aria-hidden="true">…</span>}
      <figcaption>{t(`verify.photos.${field}`)}</figcaption>
    </figure>
  );
}

function StatusDetails({ detail }: { detail: KycDetail }) {
  const { t } = useLoanStrings();
  const photos = kycImageFields.filter((field) => detail.images[field]);
  return (
    <>
      {detail.status === 'pending' ? (
        <p className={pageStyles.note} role="status">
          {t('verify.pendingText', { hours: KYC_REVIEW_HOURS })}
        </p>
      ) : null}
      <dl className={pageStyles.terms}>
        {detail.submittedAt ? (
          <>
            <dt>{t('verify.submittedAt')}</dt>
            <dd>{formatDateTime(detail.submittedAt)}</dd>
          </>
        ) : null}
        {detail.status === 'pending' && detail.targetTime ? (
          <>
            <dt>{t('verify.targetTime')}</dt>
            <dd>{formatDateTime(detail.targetTime)}</dd>
          </>
        ) : null}
        {detail.decidedAt ? (
          <>
            <dt>{t('verify.decidedAt')}</dt>
            <dd>{formatDateTime(detail.decidedAt)}</dd>
          </>
        ) : null}
      </dl>
      {detail.status === 'failed' && detail.rejections.length > 0 ? (
        <div>
          <h3 className={styles.subTitle}>{t('verify.failedFields')}</h3>
          <ul className={styles.rejections}>
            {detail.rejections.map((rejection) => (
              <li key={rejection.field}>
                <strong>{t(`verify.fieldNames.${rejection.field}`)}</strong>:{' '}
                <span dir="auto">{rejection.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {photos.length > 0 && detail.status !== 'unverified' ? (
        <div className={styles.thumbs}>
          {photos.map((field) => (
            <Thumbnail key={field} field={field} />
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The customer's draft, one per customer and per review round (a failed review asks only its fields). */
function useDraft(detail: KycDetail, userId: string): KycDraft {
  const failed = detail.status === 'failed' ? detail.rejections.map((entry) => entry.field) : null;
  const key = `swx.loan.kycDraft.${userId}.${failed ? `fix-${detail.decidedAt ?? ''}` : 'new'}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one draft per storage key
  return useMemo(() => new KycDraft(key, failed), [key]);
}

const VerifyContent = observer(function VerifyContent({
  detail,
  onChanged,
}: {
  detail: KycDetail;
  onChanged: (detail: KycDetail) => void;
}) {
  const { t } = useLoanStrings();
  const { session } = useRootStore();
  const draft = useDraft(detail, session.userInfo?.id ?? 'anonymous');
  const [fixing, setFixing] = useState(false);
  const askForm = detail.status === 'unverified' || (detail.status === 'failed' && fixing);
  return (
    <>
      <p className={styles.statusLine}>
        <span>{t('verify.statusLabel')}</span>{' '}
        <StatusBadge tone={tones[detail.status]}>{t(`verify.status.${detail.status}`)}</StatusBadge>
      </p>
      {detail.status === 'unverified' ? <p className={pageStyles.lead}>{t('verify.intro')}</p> : null}
      {detail.status === 'verified' ? <p className={pageStyles.success}>{t('verify.verifiedText')}</p> : null}
      <StatusDetails detail={detail} />
      {detail.status === 'failed' && !fixing ? (
        <div className={pageStyles.actions}>
          <Button onClick={() => setFixing(true)}>{t('verify.fix')}</Button>
        </div>
      ) : null}
      {askForm ? (
        <KycStepper
          draft={draft}
          rejections={detail.status === 'failed' ? detail.rejections : []}
          onSubmitted={(next) => {
            setFixing(false);
            onChanged(next);
          }}
        />
      ) : null}
    </>
  );
});

/** Identity verification: its status, and the steps while it is needed. */
export function VerifySection({ onStatus }: { onStatus?: (detail: KycDetail) => void }) {
  const { t } = useLoanStrings();
  const [submitted, setSubmitted] = useState<KycDetail | null>(null);
  const detail = useLoad(() => loanApi.kycDetail(), []);
  const shown = submitted ?? detail.data;
  useEffect(() => {
    if (shown) onStatus?.(shown);
  }, [shown, onStatus]);
  const content = (current: KycDetail) => (
    <VerifyContent
      detail={current}
      onChanged={(next) => {
        setSubmitted(next);
        void loanApi.refreshUser().catch(() => undefined);
      }}
    />
  );
  return (
    <Section title={t('verify.title')} id="loan-verify">
      {submitted ? content(submitted) : <LoadView state={detail}>{content}</LoadView>}
    </Section>
  );
}
