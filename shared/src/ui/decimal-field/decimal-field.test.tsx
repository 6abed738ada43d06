import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { useState } from 'react';
import { createI18n } from '../../i18n/create-i18n';
import { setFormatLanguage } from '../../i18n/format';
import { DecimalField } from './decimal-field';
import { normaliseDecimalInput, parseAmount, wireAmount } from './amount';

beforeAll(() => {
  createI18n('en');
});

afterEach(() => setFormatLanguage('en'));

function Harness({ onValue }: { onValue?: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <DecimalField
      label="Quantity"
      value={value}
      onValueChange={(text) => {
        setValue(text);
        onValue?.(text);
      }}
      error={value && !parseAmount(value) ? 'Quantity incorrect' : undefined}
      trailing="BTC"
    />
  );
}

describe('parseAmount and wireAmount', () => {
  it.each(['', ' ', '1e5', '1,5', '-2', '01', '1.', 'Infinity', '0x10', '1.2.3'])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('reads plain decimals and writes the wire form', () => {
    expect(parseAmount(' 0.5 ')?.toFixed()).toBe('0.5');
    expect(wireAmount('.5')).toBe('0.5');
    expect(wireAmount('120.250')).toBe('120.25');
    expect(() => wireAmount('abc')).toThrow('Not an amount');
  });

  it('round-trips every decimal string exactly (no float on the way)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (units, scale) => {
          const digits = units.toString().padStart(scale + 1, '0');
          const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
          const wire = wireAmount(text);
          expect(parseAmount(wire)?.eq(text)).toBe(true);
          expect(wire).not.toMatch(/e/i);
        },
      ),
    );
  });
});

describe('normaliseDecimalInput', () => {
  it('takes the language’s own decimal separator and other digit scripts, and guesses nothing else', () => {
    expect(normaliseDecimalInput('12,5', 'de')).toBe('12.5');
    expect(normaliseDecimalInput('12,5', 'fr')).toBe('12.5');
    expect(normaliseDecimalInput('12,5', 'en')).toBe('12,5');
    expect(normaliseDecimalInput('١٢٫٥', 'ar')).toBe('12.5');
    expect(normaliseDecimalInput('۳۴', 'ar')).toBe('34');
    expect(normaliseDecimalInput('１２．５', 'ja')).toBe('12.5');
    expect(normaliseDecimalInput(' 1 000.5 ', 'en')).toBe('1000.5');
    expect(normaliseDecimalInput('1e5', 'en')).toBe('1e5');
  });

  it('never changes text that is already a wire decimal, in any language', () => {
    const langs = ['en', 'zh-CN', 'zh-TW', 'ja', 'ko', 'de', 'fr', 'es', 'it', 'ar'];
    fc.assert(
      fc.property(
        fc.stringMatching(/^(0|[1-9][0-9]{0,12})(\.[0-9]{1,8})?$/),
        fc.constantFrom(...langs),
        (text, lang) => {
          expect(normaliseDecimalInput(text, lang)).toBe(text);
        },
      ),
    );
  });
});

describe('DecimalField', () => {
  it('opens the decimal keypad without autofill and hands over what was typed', async () => {
    const seen: string[] = [];
    render(<Harness onValue={(text) => seen.push(text)} />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('autocomplete', 'off');
    await userEvent.type(input, '0.25');
    expect(input).toHaveValue('0.25');
    expect(seen.at(-1)).toBe('0.25');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads a German decimal comma as the point, in the language figures are shown in', async () => {
    setFormatLanguage('de');
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await userEvent.type(input, '1,5');
    expect(input).toHaveValue('1.5');
  });

  it('keeps what cannot be read as typed, so the form says why it is refused', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await userEvent.type(input, '1,5');
    expect(input).toHaveValue('1,5');
    expect(screen.getByRole('alert')).toHaveTextContent('Quantity incorrect');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
