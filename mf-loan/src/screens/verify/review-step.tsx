import { observer } from 'mobx-react-lite';
import { problemText } from '@swx/shared';
import { kycImageFields } from '@swx/shared/contract';
import { pageStyles } from '../../components/page';
import { useLoanStrings } from '../../i18n';
import type { StepProps } from './kyc-steps';

/** What will be sent, to check before submitting; a missing piece is named here too. */
export const ReviewStep = observer(function ReviewStep({ draft, problems }: StepProps) {
  const { t, i18n } = useLoanStrings();
  const d = draft.data;
  const regions = (() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  })();
  const rows: [string, string][] = [];
  const add = (field: Parameters<typeof draft.asks>[0], label: string, value: string) => {
    if (draft.asks(field)) rows.push([label, value || t('verify.missing')]);
  };
  add(
    'documentType',
    t('verify.documentType'),
    d.documentType ? t(`verify.documents.${d.documentType}`) : '',
  );
  add('documentNumber', t('verify.fields.documentNumber'), d.documentNumber.trim());
  add('firstName', t('verify.fields.firstName'), d.firstName.trim());
  add('lastName', t('verify.fields.lastName'), d.lastName.trim());
  add('birthdate', t('verify.fields.birthdate'), d.birthdate);
  add('sex', t('verify.fields.sex'), d.sex ? t(`verify.sexes.${d.sex}`) : '');
  add('country', t('verify.fields.country'), d.country ? (regions?.of(d.country) ?? d.country) : '');
  add('address', t('verify.fields.address'), d.address.trim());
  add('phone', t('verify.fields.phone'), d.areaCode && d.phone ? `${d.areaCode} ${d.phone}` : '');
  for (const field of kycImageFields)
    add(field, t(`verify.photos.${field}`), d.photos[field] ? t('verify.photoAttached') : '');
  add('signature', t('verify.signatureLabel'), d.signature ? t('signature.signed') : '');
  const missing = Object.values(problems).map((problem) => problemText(problem, t));
  return (
    <div>
      <dl className={pageStyles.terms}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd dir="auto">{value}</dd>
          </div>
        ))}
      </dl>
      {missing.length > 0 ? <p className={pageStyles.note}>{[...new Set(missing)].join(' · ')}</p> : null}
    </div>
  );
});
