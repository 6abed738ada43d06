import { useId } from 'react';
import { visuallyHiddenClass } from '../visually-hidden';
import styles from './form.module.css';

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  /** Shown while nothing is chosen; not a choice itself. */
  placeholder?: string;
  /** The field's own message (refused or missing), read out with the field. */
  error?: string;
  disabled?: boolean;
}

/** A labelled native select: the platform's own picker is the most accessible one on phones. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
  error,
  disabled,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div className={styles.select}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={error ? styles.invalid : undefined}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export interface ChoiceGroupProps<V extends string> {
  legend: string;
  name: string;
  value: V | '' | null;
  /** `hint` is a second line under the label; `lang` marks a label in another language (the language picker). */
  options: readonly { value: V; label: string; hint?: string; lang?: string }[];
  onChange: (value: V) => void;
  error?: string;
  disabled?: boolean;
  /** The legend is still read out, but not shown (when a visible heading already names the group). */
  hideLegend?: boolean;
}

/** Radio buttons drawn as chips: one choice out of a few (coin, network, document type, term, language). */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  disabled,
  hideLegend,
}: ChoiceGroupProps<V>) {
  const id = useId();
  return (
    <fieldset
      className={styles.choices}
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className={hideLegend ? visuallyHiddenClass : undefined}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span lang={option.lang}>
            {option.label}
            {option.hint ? <small className={styles.choiceHint}>{option.hint}</small> : null}
          </span>
        </label>
      ))}
      {error ? (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
