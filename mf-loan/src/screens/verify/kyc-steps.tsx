import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { problemText, TextField, type FieldProblem, type PreparedImage } from '@swx/shared';
import {
  kycDocumentTypes,
  kycSexes,
  type KycField,
  type KycImageField,
  type KycRejection,
} from '@swx/shared/contract';
import { loanApi } from '../../api';
import { ChoiceGroup, SelectField, formStyles } from '../../components/form';
import { PhotoPicker } from '../../components/photo-picker';
import { SignatureField } from '../../components/signature-pad';
import { useLoanStrings } from '../../i18n';
import { callingCodeOptions, countryOptions } from './countries';
import type { KycDraft } from './kyc-draft';

export interface StepProps {
  draft: KycDraft;
  /** Problems to show (after the customer tried to go on). */
  problems: Partial<Record<KycField, FieldProblem>>;
  /** Staff's reasons from a failed review, shown at the fields they concern. */
  rejections: readonly KycRejection[];
}

function useFieldMessage({ problems, rejections }: StepProps) {
  const { t } = useLoanStrings();
  return (field: KycField): string | undefined => {
    const problem = problemText(problems[field], t);
    if (problem) return problem;
    const rejected = rejections.find((entry) => entry.field === field);
    return rejected ? t('verify.rejectedBecause', { reason: rejected.reason }) : undefined;
  };
}

export const DocumentStep = observer(function DocumentStep(props: StepProps) {
  const { t } = useLoanStrings();
  const message = useFieldMessage(props);
  const { draft } = props;
  return (
    <div className={formStyles.form}>
      {draft.asks('documentType') ? (
        <ChoiceGroup
          legend={t('verify.documentType')}
          name="documentType"
          value={draft.data.documentType}
          options={kycDocumentTypes.map((type) => ({
            value: type,
            label: t(`verify.documents.${type}`),
            hint: type === 'passport' ? t('verify.passportNoBack') : undefined,
          }))}
          onChange={(type) => draft.set('documentType', type)}
          error={message('documentType')}
        />
      ) : null}
      {draft.asks('documentNumber') ? (
        <TextField
          label={t('verify.fields.documentNumber')}
          hint={t('verify.documentNumberHint')}
          value={draft.data.documentNumber}
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={30}
          dir="ltr"
          onChange={(event) => draft.set('documentNumber', event.target.value)}
          error={message('documentNumber')}
        />
      ) : null}
    </div>
  );
});

export const PersonalStep = observer(function PersonalStep(props: StepProps) {
  const { t, i18n } = useLoanStrings();
  const message = useFieldMessage(props);
  const { draft } = props;
  const d = draft.data;
  const text = (field: 'firstName' | 'lastName' | 'address', autoComplete: string) =>
    draft.asks(field) ? (
      <TextField
        label={t(`verify.fields.${field}`)}
        value={d[field]}
        autoComplete={autoComplete}
        required
        maxLength={field === 'address' ? 200 : 60}
        onChange={(event) => draft.set(field, event.target.value)}
        error={message(field)}
      />
    ) : null;
  return (
    <div className={formStyles.form}>
      <div className={formStyles.row}>
        {text('firstName', 'given-name')}
        {text('lastName', 'family-name')}
      </div>
      <div className={formStyles.row}>
        {draft.asks('birthdate') ? (
          <TextField
            label={t('verify.fields.birthdate')}
            type="date"
            value={d.birthdate}
            autoComplete="bday"
            required
            onChange={(event) => draft.set('birthdate', event.target.value)}
            error={message('birthdate')}
          />
        ) : null}
        {draft.asks('sex') ? (
          <ChoiceGroup
            legend={t('verify.fields.sex')}
            name="sex"
            value={d.sex}
            options={kycSexes.map((sex) => ({ value: sex, label: t(`verify.sexes.${sex}`) }))}
            onChange={(sex) => draft.set('sex', sex)}
            error={message('sex')}
          />
        ) : null}
      </div>
      {draft.asks('country') ? (
        <SelectField
          label={t('verify.fields.country')}
          value={d.country}
          placeholder={t('verify.choose')}
          options={countryOptions(i18n.language)}
          onChange={(country) => draft.set('country', country)}
          error={message('country')}
        />
      ) : null}
      {text('address', 'street-address')}
      {draft.asks('phone') ? (
        <div className={formStyles.phone}>
          <SelectField
            label={t('verify.fields.areaCode')}
            value={d.phoneCountry}
            placeholder={t('verify.choose')}
            options={callingCodeOptions(i18n.language, d.country)}
            onChange={(country) => draft.setPhoneCountry(country)}
          />
          <TextField
            label={t('verify.fields.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            dir="ltr"
            value={d.phone}
            maxLength={20}
            required
            onChange={(event) => draft.set('phone', event.target.value)}
            error={message('phone')}
          />
        </div>
      ) : null}
    </div>
  );
});

const cameraFor: Record<KycImageField, 'environment' | 'user'> = {
  frontImage: 'environment',
  backImage: 'environment',
  handImage: 'user',
};

/** A photo picked now previews from memory; one uploaded before a reload is fetched back from the server. */
function useResumedPreview(draft: KycDraft, field: KycImageField): Blob | null {
  // Browsers cannot draw JPEG 2000: such a photo shows as "uploaded" without a picture.
  const pickedImage = draft.picked[field];
  const picked = pickedImage && pickedImage.format !== 'jpeg2000' ? pickedImage.file : null;
  const uploadId = draft.data.photos[field];
  const [fetched, setFetched] = useState<{ id: string; blob: Blob } | null>(null);
  useEffect(() => {
    if (pickedImage || !uploadId || fetched?.id === uploadId) return;
    let current = true;
    loanApi.uploadedImage(uploadId).then(
      (blob) => current && setFetched({ id: uploadId, blob }),
      // Without a preview the photo still counts: the server has it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pickedImage, uploadId, fetched]);
  if (pickedImage) return picked;
  const blob = fetched && fetched.id === uploadId ? fetched.blob : null;
  return blob && !/jp2|jpx|j2c/.test(blob.type) ? blob : null;
}

const PhotoField = observer(function PhotoField({ field, ...props }: StepProps & { field: KycImageField }) {
  const { t } = useLoanStrings();
  const message = useFieldMessage(props);
  const { draft } = props;
  const preview = useResumedPreview(draft, field);
  const pick = async (image: PreparedImage) => {
    const uploaded = await loanApi.uploadImage(image.file);
    draft.setPhoto(field, uploaded.id, image);
  };
  return (
    <PhotoPicker
      label={t(`verify.photos.${field}`)}
      camera={cameraFor[field]}
      preview={preview}
      uploaded={Boolean(draft.data.photos[field])}
      onPick={pick}
      onRemove={() => draft.setPhoto(field, null, null)}
      error={message(field)}
    />
  );
});

export const PhotosStep = observer(function PhotosStep(props: StepProps) {
  const { t } = useLoanStrings();
  return (
    <div className={formStyles.form}>
      <p className={formStyles.lead}>{t('verify.photosIntro')}</p>
      <div className={formStyles.photos}>
        {props.draft.photoFields.map((field) => (
          <PhotoField key={field} field={field} {...props} />
        ))}
      </div>
    </div>
  );
});

export const SignatureStep = observer(function SignatureStep(props: StepProps) {
  const { t } = useLoanStrings();
  const message = useFieldMessage(props);
  const { draft } = props;
  return (
    <SignatureField
      label={t('verify.signatureLabel')}
      value={draft.data.signature}
      onChange={(signature) => draft.set('signature', signature)}
      error={message('signature')}
    />
  );
});
