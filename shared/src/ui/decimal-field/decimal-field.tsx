import { getFormatLanguage } from '../../i18n/format';
import { TextField, type TextFieldProps } from '../text-field';
import { normaliseDecimalInput } from './amount';

export interface DecimalFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'inputMode'> {
  /** The text as typed and normalised (a decimal string when valid); read it with `parseAmount`. */
  value: string;
  /** Receives the normalised text on every change. */
  onValueChange: (text: string) => void;
}

/**
 * The field for an amount, a price or a quantity: the phone's decimal keypad, no autofill or spelling
 * help, and what the customer types normalised to the wire's digits and point (a German keypad's ",", an
 * Arabic keyboard's "٣٫٥"). It never blocks a keystroke: what cannot be read is shown as typed and the
 * form's rules say why it is refused. Separators follow the language figures are shown in.
 */
export function DecimalField({ value, onValueChange, ...rest }: DecimalFieldProps) {
  return (
    <TextField
      autoComplete="off"
      spellCheck={false}
      {...rest}
      type="text"
      inputMode="decimal"
      value={value}
      onChange={(event) => onValueChange(normaliseDecimalInput(event.target.value, getFormatLanguage()))}
    />
  );
}
