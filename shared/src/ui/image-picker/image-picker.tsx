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
  onChange: (image: PreparedImage | null) => void;
  /** A message from the form (e.g. "Please upload the proof image"); the picker's own errors come first. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** For tests: how images are decoded and encoded. */
  prepareOptions?: PrepareImageOptions;
}

/** Browsers cannot draw JPEG 2000, so that format gets its file name instead of a preview. */
function usePreviewUrl(image: PreparedImage | null): string | null {
  const url = useMemo(
    () =>
      image && image.format !== 'jpeg2000' && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(image.file)
        : null,
    [image],
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
 * most 2 MB before it is handed to the form.
 */
export function ImagePicker({
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  prepareOptions,
}: ImagePickerProps) {
  const { t } = useTranslation('common');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [busy, setBusy] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(value);
  const shownError = pickError ?? error;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset so choosing the same file again after an error fires a change.
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setPickError(null);
    try {
      onChange(await prepareImage(file, prepareOptions));
    } catch (failure) {
      setPickError(messageForError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.picker}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={[styles.drop, shownError ? styles.invalid : ''].filter(Boolean).join(' ')}>
        {previewUrl ? <img className={styles.preview} src={previewUrl} alt="" /> : null}
        {value && !previewUrl ? <span>{(value.file as File).name ?? 'JPEG 2000'}</span> : null}
        <span aria-hidden="true">
          {busy ? t('upload.preparing') : value ? t('upload.change') : t('upload.choose')}
        </span>
        <span id={hintId} className={styles.hint}>
          {t('upload.hint')}
        </span>
        <input
          id={inputId}
          className={styles.input}
          type="file"
          accept="image/jpeg,image/png,image/jp2,image/jpx,.jpg,.jpeg,.png,.jp2,.j2k,.jpf,.jpx"
          required={required && !value}
          disabled={disabled || busy}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[shownError ? errorId : '', hintId].filter(Boolean).join(' ')}
          aria-busy={busy || undefined}
          onChange={pick}
        />
      </div>
      {value && !disabled ? (
        <Button variant="ghost" size="small" onClick={() => onChange(null)}>
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
