import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, formatDateTime } from '@swx/shared';
import {
  kycImageFields,
  type KycImageField,
  type KycRevealed,
  type Signature,
  type StaffIdentityView,
} from '@swx/shared/contract';
import { FormAlert, useAction } from '../action';
import { Facts } from '../facts';
import { useLabels } from '../labels';
import { Status } from '../history';
import { StaffImage } from '../staff-image';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import styles from './identity-record.module.css';

/** The customer's signature redrawn from its strokes, dark on white as it was signed. */
export function SignatureDrawing({ signature, label }: { signature: Signature; label: string }) {
  return (
    <svg
      className={styles.signature}
      viewBox={`0 0 ${signature.width} ${signature.height}`}
      role="img"
      aria-label={label}
    >
      {signature.strokes.map((stroke, index) => (
        <polyline
          key={index}
          points={stroke.map(([x, y]) => `${x},${y}`).join(' ')}
          fill="none"
          stroke="var(--swx-on-paper)"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}

/** One identity photo, fetched with the staff token when shown (each fetch audited by the server). */
function IdentityPhoto({ id, field, username }: { id: string; field: KycImageField; username: string }) {
  const { t } = useStaffStrings();
  const session = useStaffSession();
  const load = useCallback(
    () => session.api.download('admin.kycImage', { params: { id, field } }),
    [session, id, field],
  );
  return (
    <StaffImage
      load={load}
      alt={t('kyc.photoAlt', { field: t(`kyc.fields.${field}`), username })}
      caption={t(`kyc.fields.${field}`)}
      testId={`kyc-${field}`}
    />
  );
}

/**
 * A customer's identity record as staff may see it (review and customer screens): the photos, the data with
 * document number and birth date masked until a reviewer reveals them, other customers with the same
 * document, the signature. Every read behind it is audited by the server; revealing is one more audited
 * call, offered only to those allowed to make it.
 */
export function IdentityRecord({ identity, username }: { identity: StaffIdentityView; username: string }) {
  const { t } = useStaffStrings();
  const labels = useLabels();
  const session = useStaffSession();
  const [revealed, setRevealed] = useState<KycRevealed | null>(null);
  const { busy, failure, run } = useAction();
  const canReveal = session.canCall('admin.kycReveal') && identity.masked.length > 0;
  const reveal = () =>
    run(async () => {
      setRevealed(
        await session.api.call('admin.kycReveal', {
          params: { id: identity.id },
          body: { fields: identity.masked },
        }),
      );
    });
  const masked = (value: string | null, shown: string | null | undefined) =>
    value === null ? (
      '—'
    ) : (
      <span className={styles.masked} dir="ltr">
        {shown ?? value}
      </span>
    );
  const photos = session.canCall('admin.kycImage')
    ? kycImageFields.filter((field) => identity.images[field])
    : [];
  return (
    <div className={styles.record}>
      {photos.length > 0 ? (
        <div className={styles.photos}>
          {photos.map((field) => (
            <IdentityPhoto key={field} id={identity.id} field={field} username={username} />
          ))}
        </div>
      ) : null}
      {identity.duplicates.length > 0 ? (
        <div className={styles.duplicates} role="note">
          <strong>{t('identity.duplicates')}</strong>
          <ul>
            {identity.duplicates.map((other) => (
              <li key={other.identityId}>
                <Link to={`/staff/customers/${other.userId}`}>{other.username || other.userId}</Link>{' '}
                <Status status={other.status} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Facts
        label={t('kyc.entered')}
        items={[
          [t('customers.kyc'), <Status key="s" status={identity.status} />],
          [
            t('kyc.fields.documentType'),
            identity.documentType ? t(`kyc.documents.${identity.documentType}`) : '—',
          ],
          [t('kyc.fields.documentNumber'), masked(identity.documentNumber, revealed?.documentNumber)],
          [t('kyc.fields.firstName'), identity.firstName ?? '—'],
          [t('kyc.fields.lastName'), identity.lastName ?? '—'],
          [t('kyc.fields.birthdate'), masked(identity.birthdate, revealed?.birthdate)],
          [t('kyc.fields.sex'), identity.sex ? t(`kyc.sexes.${identity.sex}`) : '—'],
          [t('kyc.fields.country'), labels.country(identity.country)],
          [t('kyc.fields.address'), identity.address ?? '—'],
          [t('kyc.fields.phone'), `${identity.areaCode ?? ''} ${identity.phone ?? ''}`.trim() || '—'],
          [t('kyc.fields.signature'), identity.signature ? t('kyc.signed') : t('kyc.unsigned')],
          [t('kyc.submissions'), String(identity.submissions)],
          [t('fields.submitted'), identity.submittedAt ? formatDateTime(identity.submittedAt) : '—'],
        ]}
      />
      {canReveal && !revealed ? (
        <div>
          <Button variant="secondary" size="small" loading={busy} onClick={() => void reveal()}>
            {t('identity.reveal')}
          </Button>
          <p className={styles.note}>{t('identity.revealNote')}</p>
          <FormAlert message={failure} />
        </div>
      ) : null}
      {identity.purgedAt ? (
        <p className={styles.note}>{t('identity.purged', { at: formatDateTime(identity.purgedAt) })}</p>
      ) : null}
      {identity.signature ? (
        <SignatureDrawing signature={identity.signature} label={t('kyc.signatureAlt')} />
      ) : null}
    </div>
  );
}
