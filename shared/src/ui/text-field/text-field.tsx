import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  label: ReactNode;
  /** The validation message; when set the input is marked invalid and announces it. */
  error?: ReactNode;
  hint?: ReactNode;
  /** A unit or button inside the field's end edge (e.g. "USDT", a show-password toggle). */
  trailing?: ReactNode;
}

export function TextField({
  label,
  error,
  hint,
  trailing,
  id,
  required,
  className,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId, rest['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className={[styles.control, error ? styles.invalid : ''].filter(Boolean).join(' ')}>
        <input
          {...rest}
          id={inputId}
          required={required}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing ? <span className={styles.trailing}>{trailing}</span> : null}
      </div>
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
