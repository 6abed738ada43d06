import { makeAutoObservable } from 'mobx';
import type { FieldProblem, PreparedImage } from '@swx/shared';
import {
  isSignatureEmpty,
  kycImageFields,
  type KycDocumentType,
  type IdentificationBody,
  type KycField,
  type KycImageField,
  type KycSex,
  type Signature,
} from '@swx/shared/contract';
import {
  addressProblem,
  birthdateProblem,
  choiceProblem,
  documentNumberProblem,
  nameProblem,
  phoneDigits,
  phoneProblem,
} from './kyc-rules';
import { callingCodeOf, countryWithCallingCode } from './countries';

export type KycStep = 'document' | 'personal' | 'photos' | 'signature' | 'review';

const stepFields: Record<Exclude<KycStep, 'review'>, readonly KycField[]> = {
  document: ['documentType', 'documentNumber'],
  personal: ['firstName', 'lastName', 'birthdate', 'sex', 'country', 'address', 'phone'],
  photos: ['frontImage', 'backImage', 'handImage'],
  signature: ['signature'],
};

/** What survives a reload: text fields, the ids of photos already uploaded, the signature image. */
export interface KycDraftData {
  step: KycStep;
  documentType: KycDocumentType | null;
  documentNumber: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  sex: KycSex | '';
  country: string;
  address: string;
  /** The country whose calling code the customer picked (several share one, like +1); '' until picked. */
  phoneCountry: string;
  /** Its calling code ("+1"), as the server takes it. */
  areaCode: string;
  phone: string;
  /** Upload ids: photos go to the server when picked, so a resumed draft does not ask for them again. */
  photos: Partial<Record<KycImageField, string>>;
  /** The pad's strokes (the contract's `Signature`), so a resumed draft redraws them. */
  signature: Signature | null;
}

const imageRequired: FieldProblem = { key: 'common:validation.imageRequired' };

const emptyDraft = (): KycDraftData => ({
  step: 'document',
  documentType: null,
  documentNumber: '',
  firstName: '',
  lastName: '',
  birthdate: '',
  sex: '',
  country: '',
  address: '',
  phoneCountry: '',
  areaCode: '',
  phone: '',
  photos: {},
  signature: null,
});

/**
 * The verification draft, kept in the tab's sessionStorage (not localStorage): a reload or a detour to
 * another page resumes it, but identity data does not outlive the tab on a shared computer.
 */
export class KycDraft {
  data: KycDraftData;
  /** Photos picked in this visit, for previews without a download; uploads from before are fetched. */
  picked: Partial<Record<KycImageField, PreparedImage>> = {};
  /** Set on resubmission after a failed review: only these fields are asked again. */
  onlyFields: ReadonlySet<KycField> | null;

  constructor(
    private readonly storageKey: string,
    onlyFields: readonly KycField[] | null = null,
    private readonly storage: Storage | null = typeof sessionStorage === 'undefined' ? null : sessionStorage,
  ) {
    this.onlyFields = onlyFields ? new Set(onlyFields) : null;
    this.data = { ...emptyDraft(), ...this.read() };
    // A draft saved before countries were kept with the code: the code's main country stands for it.
    if (this.data.areaCode && !this.data.phoneCountry)
      this.data.phoneCountry = countryWithCallingCode(this.data.areaCode) ?? '';
    if (!this.steps.includes(this.data.step)) this.data.step = this.steps[0] ?? 'review';
    makeAutoObservable<KycDraft, 'storage' | 'storageKey'>(this, { storage: false, storageKey: false });
  }

  private read(): Partial<KycDraftData> {
    try {
      const text = this.storage?.getItem(this.storageKey);
      return text ? (JSON.parse(text) as Partial<KycDraftData>) : {};
    } catch {
      return {};
    }
  }

  save(): void {
    try {
      this.storage?.setItem(this.storageKey, JSON.stringify(this.data));
    } catch {
      // A full or disabled storage only costs the resume, never the form.
    }
  }

  discard(): void {
    this.storage?.removeItem(this.storageKey);
    this.data = emptyDraft();
    this.picked = {};
  }

  asks(field: KycField): boolean {
    if (field === 'backImage' && this.data.documentType === 'passport') return false;
    return this.onlyFields === null || this.onlyFields.has(field);
  }

  /** The steps this submission needs, in order; a resubmission skips steps with nothing to fix. */
  get steps(): KycStep[] {
    const steps = (Object.keys(stepFields) as Exclude<KycStep, 'review'>[]).filter((step) =>
      stepFields[step].some((field) => this.asks(field)),
    );
    return [...steps, 'review'];
  }

  get stepIndex(): number {
    return Math.max(0, this.steps.indexOf(this.data.step));
  }

  get photoFields(): KycImageField[] {
    return kycImageFields.filter((field) => this.asks(field));
  }

  set<K extends keyof KycDraftData>(key: K, value: KycDraftData[K]): void {
    this.data[key] = value;
    this.save();
  }

  /** The calling code of `country`, from the metadata the server checks numbers with. */
  setPhoneCountry(country: string): void {
    this.data.phoneCountry = country;
    this.data.areaCode = callingCodeOf(country) ?? '';
    this.save();
  }

  setPhoto(slot: KycImageField, uploadId: string | null, image: PreparedImage | null): void {
    if (uploadId && image) {
      this.data.photos[slot] = uploadId;
      this.picked[slot] = image;
    } else {
      delete this.data.photos[slot];
      delete this.picked[slot];
    }
    this.save();
  }

  goTo(step: KycStep): void {
    this.data.step = step;
    this.save();
  }

  /** The submission: every asked field (after a failed review, only the failed ones), as the wire names them. */
  body(): IdentificationBody {
    const d = this.data;
    const body: IdentificationBody = {};
    const has = (field: KycField) => this.asks(field);
    if (has('documentType') && d.documentType) body.documentType = d.documentType;
    if (has('documentNumber')) body.documentNumber = d.documentNumber.trim();
    if (has('firstName')) body.firstName = d.firstName.trim();
    if (has('lastName')) body.lastName = d.lastName.trim();
    if (has('birthdate')) body.birthdate = d.birthdate;
    if (has('sex') && d.sex) body.sex = d.sex;
    if (has('country')) body.country = d.country;
    if (has('address')) body.address = d.address.trim();
    if (has('phone') && d.areaCode) {
      body.areaCode = d.areaCode;
      body.phone = phoneDigits(d.phone);
    }
    for (const field of kycImageFields) {
      const id = d.photos[field];
      if (has(field) && id) body[field] = id;
    }
    if (has('signature') && d.signature) body.signature = d.signature;
    return body;
  }

  /** Every problem of a step's fields (only the asked ones), by field. */
  problems(step: KycStep, today: Date = new Date()): Partial<Record<KycField, FieldProblem>> {
    const d = this.data;
    const checks: Record<KycField, () => FieldProblem | null> = {
      documentType: () => choiceProblem(d.documentType ?? ''),
      documentNumber: () => documentNumberProblem(d.documentNumber),
      firstName: () => nameProblem(d.firstName),
      lastName: () => nameProblem(d.lastName),
      birthdate: () => birthdateProblem(d.birthdate, today),
      sex: () => choiceProblem(d.sex),
      country: () => choiceProblem(d.country.trim()),
      address: () => addressProblem(d.address),
      phone: () => phoneProblem(d.areaCode, d.phone),
      frontImage: () => (d.photos.frontImage ? null : imageRequired),
      backImage: () => (d.photos.backImage ? null : imageRequired),
      handImage: () => (d.photos.handImage ? null : imageRequired),
      signature: () => (d.signature && !isSignatureEmpty(d.signature) ? null : { key: 'common:codes.11133' }),
    };
    const fields = step === 'review' ? Object.values(stepFields).flat() : stepFields[step];
    const found: Partial<Record<KycField, FieldProblem>> = {};
    for (const field of fields) {
      if (!this.asks(field)) continue;
      const problem = checks[field]();
      if (problem) found[field] = problem;
    }
    return found;
  }
}
