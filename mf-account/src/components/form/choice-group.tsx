import styles from './form.module.css';

interface ChoiceGroupProps<V extends string> {
  legend: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** Radio buttons drawn as chips: one choice out of a few (coin, network, method, language). */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: ChoiceGroupProps<V>) {
  return (
    <fieldset className={styles.choices} disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
