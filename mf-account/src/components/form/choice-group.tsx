import styles from './form.module.css';
import { visuallyHiddenClass } from '@swx/shared';

interface ChoiceGroupProps<V extends string> {
  legend: string;
  name: string;
  value: V;
  /** `lang` marks a label written in another language (the language picker), so screen readers say it right. */
  options: readonly { value: V; label: string; lang?: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  /** The legend is still read out, but not shown (when a visible heading already names the group). */
  hideLegend?: boolean;
}

/** Radio buttons drawn as chips: one choice out of a few (coin, network, method, language). */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
  hideLegend,
}: ChoiceGroupProps<V>) {
  return (
    <fieldset className={styles.choices} disabled={disabled}>
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
          <span lang={option.lang}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
