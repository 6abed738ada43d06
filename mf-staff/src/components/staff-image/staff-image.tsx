import { useEffect, useState } from 'react';
import { Button, Skeleton, messageForError } from '@swx/shared';
import { useStaffStrings } from '../../i18n';
import styles from './staff-image.module.css';

const zoomSteps = [1, 1.5, 2, 3] as const;

/**
 * An image only staff may fetch (a deposit's proof, an identity photo): downloaded with the staff token and
 * shown from an object URL, large, with zoom steps (buttons, so the keyboard zooms too). `load` is stable
 * per image: a new one fetches again.
 */
export function StaffImage({
  load,
  alt,
  caption,
  testId,
}: {
  load: () => Promise<Blob>;
  alt: string;
  caption: string;
  testId?: string;
}) {
  const { t } = useStaffStrings();
  // The answer is kept with the loader it answers, so a new image never shows the previous one's picture.
  const [answer, setAnswer] = useState<{
    load: () => Promise<Blob>;
    url: string | null;
    failure: string | null;
  }>();
  const [zoom, setZoom] = useState(0);

  useEffect(() => {
    let current = true;
    let created: string | null = null;
    load().then(
      (blob) => {
        if (!current) return;
        created = URL.createObjectURL(blob);
        setAnswer({ load, url: created, failure: null });
      },
      (error: unknown) => {
        if (current) setAnswer({ load, url: null, failure: messageForError(error, t) });
      },
    );
    return () => {
      current = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [load, t]);

  const url = answer?.load === load ? answer.url : null;
  const failure = answer?.load === load ? answer.failure : null;
  const scale = zoomSteps[zoom] ?? 1;
  return (
    <figure className={styles.frame} data-testid={testId}>
      <div className={styles.viewport}>
        {url ? (
          <img
            src={url}
            alt={alt}
            className={[styles.image, scale === 1 ? styles.fit : ''].filter(Boolean).join(' ')}
            style={scale === 1 ? undefined : { inlineSize: `${scale * 100}%` }}
          />
        ) : failure ? (
          <p role="alert">{failure}</p>
        ) : (
          <Skeleton lines={6} />
        )}
      </div>
      <figcaption className={styles.caption}>
        <span>{caption}</span>
        <span className={styles.zoom}>
          <Button
            size="small"
            variant="secondary"
            disabled={zoom === 0}
            onClick={() => setZoom((step) => Math.max(0, step - 1))}
            aria-label={t('image.zoomOut', { name: caption })}
          >
            −
          </Button>
          <output aria-live="polite">{Math.round(scale * 100)}%</output>
          <Button
            size="small"
            variant="secondary"
            disabled={zoom === zoomSteps.length - 1}
            onClick={() => setZoom((step) => Math.min(zoomSteps.length - 1, step + 1))}
            aria-label={t('image.zoomIn', { name: caption })}
          >
            +
          </Button>
        </span>
      </figcaption>
    </figure>
  );
}
