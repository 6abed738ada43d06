import { useEffect, useId, useRef, type ReactNode } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { Button } from '@swx/shared';
import { isSignatureEmpty, type Signature } from '@swx/shared/contract';
import { useLoanStrings } from '../../i18n';
import styles from './signature-field.module.css';

export interface SignatureFieldProps {
  label: ReactNode;
  /** The strokes drawn so far (the contract's `Signature`); null while the pad holds no signature. */
  value: Signature | null;
  onChange: (signature: Signature | null) => void;
  error?: ReactNode;
}

const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value * 10) / 10), max);

/** The pad's strokes in CSS pixels, as the contract carries them (`[x, y]` per point). */
export function padSignature(pad: SignaturePad, canvas: HTMLCanvasElement): Signature {
  const width = Math.min(Math.max(Math.round(canvas.offsetWidth || 480), 50), 4096);
  const height = Math.min(Math.max(Math.round(canvas.offsetHeight || 180), 20), 4096);
  const strokes = pad
    .toData()
    .slice(0, 64)
    .map((group) =>
      group.points
        .slice(0, 1000)
        .map((point) => [clamp(point.x, width), clamp(point.y, height)] as [number, number]),
    );
  return { width, height, strokes };
}

/** The contract's strokes back as signature_pad's point groups, to redraw a resumed signature. */
function pointGroups(signature: Signature, pad: SignaturePad): PointGroup[] {
  return signature.strokes.map((stroke) => ({
    dotSize: pad.dotSize,
    minWidth: pad.minWidth,
    maxWidth: pad.maxWidth,
    penColor: pad.penColor,
    velocityFilterWeight: pad.velocityFilterWeight,
    compositeOperation: pad.compositeOperation,
    points: stroke.map(([x, y]) => ({ x, y, pressure: 0.5, time: 0 })),
  }));
}

/** Sizes the canvas to its box in device pixels, keeping what was drawn (a rotated phone resizes it). */
function fitCanvas(canvas: HTMLCanvasElement, pad: SignaturePad): void {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  if (!width || !height || canvas.width === Math.round(width * ratio)) return;
  const strokes = pad.toData();
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
  pad.fromData(strokes);
}

/**
 * A drawn signature (`signature_pad`). The value is the strokes, not a picture, so the client and the server
 * apply one emptiness rule (`isSignatureEmpty`): a dot or a slip of the finger is no signature.
 */
export function SignatureField({ label, value, onChange, error }: SignatureFieldProps) {
  const { t } = useLoanStrings();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  const initial = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: '#111' });
    padRef.current = pad;
    fitCanvas(canvas, pad);
    if (initial.current) pad.fromData(pointGroups(initial.current, pad));
    const changed = () => {
      const signature = padSignature(pad, canvas);
      onChangeRef.current(isSignatureEmpty(signature) ? null : signature);
    };
    pad.addEventListener('endStroke', changed);
    const resize = () => fitCanvas(canvas, pad);
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', changed);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <p className={styles.hint} id={`${id}-hint`}>
        {t('signature.hint')}
      </p>
      <canvas
        ref={canvasRef}
        className={[styles.canvas, error ? styles.invalid : ''].filter(Boolean).join(' ')}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={[`${id}-hint`, error ? errorId : ''].filter(Boolean).join(' ')}
        data-testid="signature-canvas"
      />
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onClick={clear}>
          {t('signature.clear')}
        </Button>
        <span role="status" className={styles.state}>
          {value ? t('signature.signed') : t('signature.empty')}
        </span>
      </div>
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
