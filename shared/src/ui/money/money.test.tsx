import { render, screen } from '@testing-library/react';
import { setFormatLanguage } from '../../i18n/format';
import { Money } from './money';

afterEach(() => setFormatLanguage('en'));

describe('Money', () => {
  it('shows the currency precision, the exact amount only when rounding hides digits', () => {
    render(
      <>
        <Money value="-4752.9777295" currency="USDT" testId="rounded" signed rounding="halfUp" tone />
        <Money value="150" currency="USDT" testId="whole" signed />
      </>,
    );
    const rounded = screen.getByTestId('rounded');
    expect(rounded).toHaveTextContent('-4,752.98 USDT');
    expect(rounded).toHaveAttribute('title', '-4,752.9777295\u00a0USDT');
    expect(rounded).toHaveAttribute('dir', 'ltr');
    expect(rounded.className).toContain('down');
    const whole = screen.getByTestId('whole');
    expect(whole).toHaveTextContent('+150.00 USDT');
    expect(whole).not.toHaveAttribute('title');
  });

  it('keeps the amount whole and left-to-right in Arabic', () => {
    setFormatLanguage('ar');
    render(<Money value="-4752.9777295" currency="USDT" testId="ar" />);
    const amount = screen.getByTestId('ar');
    expect(amount.tagName).toBe('BDI');
    expect(amount).toHaveAttribute('dir', 'ltr');
    expect(amount.textContent).toMatch(/USDT$/);
    expect(amount.textContent).not.toMatch(/^0/);
  });
});
