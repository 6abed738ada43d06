import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import SignaturePad from 'signature_pad';
import { Button, TextField } from '@swx/shared';
import { useLoanStrings } from '../../i18n';
import styles from './signature-field.module.css';

export interface SignatureFieldProps {
  label: ReactNode;
  /** A PNG data URL of what the customer drew (or typed); null while the pad is empty. */
  value: string | null;
  onChange: (signature: string | null) => void;
  error?: ReactNode;
}

/** Sizes the canvas to its box in device pixels, keeping what was drawn (a rotated phone resizes it). */
function fitCanvas(canvas: HTMLCanvasElement, pad: SignaturePad): void {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  if (!width || !height || canvas.width === width * ratio) return;
  const strokes = pad.toData();
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
  pad.fromData(strokes);
}

/**
 * Renders a typed name as a signature image, for customers who cannot draw with a pointer (keyboard,
 * switch access). It is still a signature the customer made on purpose: the name field starts empty.
 */
function typedSignature(name: string, width: number, height: number): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#111';
  context.font = `italic ${Math.round(height / 3)}px "Segoe Script", "Brush Script MT", cursive, serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(name, width / 2, height / 2, width - 24);
  return canvas.toDataURL('image/png');
}

/**
 * A drawn signature (`signature_pad`): an empty pad is no signature, so the value stays null until the
 * customer has drawn at least one stroke. Clearing returns it to null.
 */
export function SignatureField({ label, value, onChange, error }: SignatureFieldProps) {
  const { t } = useLoanStrings();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const [typing, setTyping] = useState(false);
  const [typedName, setTypedName] = useState('');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: '#111' });
    padRef.current = pad;
    fitCanvas(canvas, pad);
    const changed = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
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
    setTypedName('');
    onChange(null);
  };

  const applyTyped = async () => {
    const canvas = canvasRef.current;
    const pad = padRef.current;
    const name = typedName.trim();
    if (!canvas || !pad || !name) return;
    const image = typedSignature(name, canvas.offsetWidth || 480, canvas.offsetHeight || 160);
    if (!image) return;
    await pad.fromDataURL(image);
    onChange(pad.isEmpty() ? null : pad.toDataURL('image/png'));
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
        data-signed={value ? 'true' : 'false'}
      />
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onClick={clear}>
          {t('signature.clear')}
        </Button>
        <Button variant="ghost" size="small" aria-expanded={typing} onClick={() => setTyping(!typing)}>
          {t('signature.typeInstead')}
        </Button>
        <span role="status" className={styles.state}>
          {value ? t('signature.signed') : t('signature.empty')}
        </span>
      </div>
      {typing ? (
        <div className={styles.typed}>
          <TextField
            label={t('signature.typedName')}
            value={typedName}
            autoComplete="name"
            onChange={(event) => setTypedName(event.target.value)}
          />
          <Button variant="secondary" size="small" disabled={!typedName.trim()} onClick={applyTyped}>
            {t('signature.useTyped')}
          </Button>
        </div>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
