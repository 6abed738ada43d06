import { useEffect, useId, useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { Button, messageForError, prepareImage, type PreparedImage } from '@swx/shared';
import { useLoanStrings } from '../../i18n';
import styles from './photo-picker.module.css';

export interface PhotoPickerProps {
  label: ReactNode;
  /** Which camera a phone opens: the back one for a document, the front one for the hand-held photo. */
  camera: 'environment' | 'user';
  /** What to show as the preview: a picked file, or an earlier upload fetched again. */
  preview: Blob | null;
  uploaded: boolean;
  /** Prepares (the SDK's image rules), uploads and reports the upload id; rejects with the reason. */
  onPick: (image: PreparedImage) => Promise<void>;
  onRemove: () => void;
  error?: ReactNode;
  /** Phones get the camera (`capture`), desktops the file chooser; tests pass it in. */
  mobile?: boolean;
}

function useObjectUrl(blob: Blob | null): string | null {
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

export function isCoarsePointer(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * One identity photo: JPG, JPEG 2000 or PNG by its bytes, large JPG/PNG shrunk to 2 MB (the SDK's
 * `prepareImage`), uploaded at once so a resumed draft keeps it.
 */
export function PhotoPicker({
  label,
  camera,
  preview,
  uploaded,
  onPick,
  onRemove,
  error,
  mobile = isCoarsePointer(),
}: PhotoPickerProps) {
  const { t } = useLoanStrings();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const url = useObjectUrl(preview);
  const shownError = pickError ?? error;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setPickError(null);
    try {
      await onPick(await prepareImage(file));
    } catch (failure) {
      setPickError(messageForError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  let state = t('photos.choose');
  if (busy) state = t('photos.uploading');
  else if (uploaded) state = t('photos.change');
  return (
    <div className={styles.picker}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={[styles.drop, shownError ? styles.invalid : ''].filter(Boolean).join(' ')}>
        {url ? <img className={styles.preview} src={url} alt={t('photos.previewOf', { label })} /> : null}
        {uploaded && !url ? <span>{t('photos.uploaded')}</span> : null}
        <span aria-hidden="true">{state}</span>
        <span className={styles.hint} id={`${id}-hint`}>
          {mobile ? t('photos.hintCamera') : t('photos.hintFile')}
        </span>
        <input
          id={id}
          className={styles.input}
          type="file"
          accept="image/jpeg,image/png,image/jp2,image/jpx,.jpg,.jpeg,.png,.jp2,.j2k,.jpf,.jpx"
          capture={mobile ? camera : undefined}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[`${id}-hint`, shownError ? `${id}-error` : ''].filter(Boolean).join(' ')}
          onChange={pick}
        />
      </div>
      {uploaded && !busy ? (
        <Button variant="ghost" size="small" onClick={onRemove}>
          {t('photos.remove')}
        </Button>
      ) : null}
      {shownError ? (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {shownError}
        </span>
      ) : null}
    </div>
  );
}
