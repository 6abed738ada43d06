import { useEffect, useId, useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageForError } from '../../i18n/error-messages';
import { Button } from '../button';
import styles from './image-picker.module.css';
import { prepareImage, type PrepareImageOptions, type PreparedImage } from './prepare-image';

export interface ImagePickerProps {
  label: ReactNode;
  /** The picked image, ready to upload (already re-encoded when it had to be). */
  value: PreparedImage | null;
  /** A new image, or null when removed; a promise (an upload) keeps the picker busy until it settles. */
  onChange: (image: PreparedImage | null) => void | Promise<void>;
  /** A message from the form (e.g. "Please upload the proof image"); the picker's own errors come first. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** For tests: how images are decoded and encoded. */
  prepareOptions?: PrepareImageOptions;
  /** Phones open this camera instead of the file chooser: the back one for a document, the front for a selfie. */
  camera?: 'environment' | 'user';
  /** An image stored earlier (a resumed draft): changeable and removable like a picked one. */
  uploaded?: boolean;
  /** What to show for the stored image, once fetched again. */
  preview?: Blob | null;
  /** Phones get the camera (`capture`), desktops the file chooser; tests pass it in. */
  mobile?: boolean;
}

/** A touch screen without a fine pointer: a phone or a tablet, whose file input can open the camera. */
export function isCoarsePointer(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/** Browsers cannot draw JPEG 2000, so that format gets its file name instead of a preview. */
function usePreviewUrl(image: PreparedImage | null, stored: Blob | null): string | null {
  const blob = image ? (image.format === 'jpeg2000' ? null : image.file) : stored;
  const url = useMemo(
    () => (blob && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null),
    [blob],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/**
 * Picks a JPG, JPEG 2000 or PNG photo (recognised by its bytes), shrinking JPG/PNG over 2 MB to a JPEG of at
 * most 2 MB before it is handed to the form. An `onChange` that answers a promise (an upload at once, so a
 * resumed draft keeps the photo) keeps the picker busy until it settles, and its refusal is shown here.
 */
export function ImagePicker({
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  prepareOptions,
  camera,
  uploaded = false,
  preview = null,
  mobile = isCoarsePointer(),
}: ImagePickerProps) {
  const { t } = useTranslation('common');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [busy, setBusy] = useState<'preparing' | 'uploading' | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(value, preview);
  const shownError = pickError ?? error;
  const held = value !== null || uploaded;
  const useCamera = mobile && camera !== undefined;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset so choosing the same file again after an error fires a change.
    event.target.value = '';
    if (!file) return;
    setBusy('preparing');
    setPickError(null);
    try {
      const answer = onChange(await prepareImage(file, prepareOptions));
      if (answer) {
        setBusy('uploading');
        await answer;
      }
    } catch (failure) {
      setPickError(messageForError(failure, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.picker}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={[styles.drop, shownError ? styles.invalid : ''].filter(Boolean).join(' ')}>
        {previewUrl ? (
          <img
            className={styles.preview}
            src={previewUrl}
            alt={typeof label === 'string' ? t('upload.previewOf', { label }) : ''}
          />
        ) : null}
        {value && !previewUrl ? <span>{(value.file as File).name ?? 'JPEG 2000'}</span> : null}
        {!value && uploaded && !previewUrl ? <span>{t('upload.uploaded')}</span> : null}
        <span aria-hidden="true">
          {busy ? t(`upload.${busy}`) : held ? t('upload.change') : t('upload.choose')}
        </span>
        <span id={hintId} className={styles.hint}>
          {useCamera ? t('upload.hintCamera') : t('upload.hint')}
        </span>
        <input
          id={inputId}
          className={styles.input}
          type="file"
          accept="image/jpeg,image/png,image/jp2,image/jpx,.jpg,.jpeg,.png,.jp2,.j2k,.jpf,.jpx"
          capture={useCamera ? camera : undefined}
          required={required && !held}
          disabled={disabled || busy !== null}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[shownError ? errorId : '', hintId].filter(Boolean).join(' ')}
          aria-busy={busy !== null || undefined}
          onChange={pick}
        />
      </div>
      {held && !disabled && busy === null ? (
        <Button variant="ghost" size="small" onClick={() => void onChange(null)}>
          {t('upload.remove')}
        </Button>
      ) : null}
      {shownError ? (
        <span id={errorId} className={styles.error} role="alert">
          {shownError}
        </span>
      ) : null}
    </div>
  );
}
