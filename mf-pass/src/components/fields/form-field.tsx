import { observer } from 'mobx-react-lite';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, problemText, type TextFieldProps } from '@swx/shared';
import type { FormStore } from '../form/form-store';

export interface FormFieldProps<F extends string> extends Omit<
  TextFieldProps,
  'label' | 'error' | 'value' | 'onChange' | 'onBlur' | 'name' | 'ref' | 'form'
> {
  store: FormStore<F>;
  field: F;
  label: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Where a change goes when the screen does more than store it (e.g. start an availability check). */
  onValue?: (value: string) => void;
}

/** A text field bound to one field of a form store: value, rule and server messages, touched on blur. */
function FormFieldView<F extends string>({
  store: form,
  field,
  label,
  inputRef,
  onValue,
  ...rest
}: FormFieldProps<F>) {
  const { t } = useTranslation('pass');
  const problem = form.problemOf(field);
  return (
    <TextField
      {...rest}
      ref={inputRef}
      name={field}
      label={label}
      value={form.values[field]}
      error={problemText(problem, t)}
      onChange={(event) => (onValue ? onValue(event.target.value) : form.setValue(field, event.target.value))}
      onBlur={() => form.touch(field)}
    />
  );
}

export const FormField = observer(FormFieldView) as typeof FormFieldView;
