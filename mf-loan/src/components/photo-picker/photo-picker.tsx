import type { ReactNode } from 'react';
import { ImagePicker, type PreparedImage } from '@swx/shared';

export interface PhotoPickerProps {
  label: string;
  /** Which camera a phone opens: the back one for a document, the front one for the hand-held photo. */
  camera: 'environment' | 'user';
  /** What to show as the preview: a picked file, or an earlier upload fetched again. */
  preview: Blob | null;
  uploaded: boolean;
  /** Uploads the prepared image (the SDK's image rules) and reports the upload id; rejects with the reason. */
  onPick: (image: PreparedImage) => Promise<void>;
  onRemove: () => void;
  error?: ReactNode;
  /** Phones get the camera (`capture`), desktops the file chooser; tests pass it in. */
  mobile?: boolean;
}

/**
 * One identity photo: the SDK's image picker, uploaded at once (so a resumed draft keeps it) and shown from
 * the upload, never kept in the form.
 */
export function PhotoPicker({ onPick, onRemove, ...picker }: PhotoPickerProps) {
  return <ImagePicker {...picker} value={null} onChange={(image) => (image ? onPick(image) : onRemove())} />;
}
