import { render, screen } from '@testing-library/react';
import { setFormatLanguage } from '../../i18n/format';
import { Money } from './money';

afterEach(() => setFormatLanguage('en'));

describe('Money', () => {
  it('shows a posted amount as posted: the currency precision, never rounded a second way', () => {
    render(
      <>
        <Money value="-4752.97" currency="USDT" testId="cents" signed tone />
        <Money value="150" currency="USDT" testId="whole" signed />
        <Money value="1896.5083" currency="USDT" testId="older" />
      </>,
    );
    const cents = screen.getByTestId('cents');
    expect(cents).toHaveTextContent('-4,752.97 USDT');
    expect(cents).toHaveAttribute('dir', 'ltr');
    expect(cents.className).toContain('down');
    expect(screen.getByTestId('whole')).toHaveTextContent('+150.00 USDT');
    // Posted before ledger precision: every digit it has, so records still add up.
    expect(screen.getByTestId('older')).toHaveTextContent('1,896.5083 USDT');
  });

  it('keeps the amount whole and left-to-right in Arabic', () => {
    setFormatLanguage('ar');
    render(<Money value="-4752.97" currency="USDT" testId="ar" />);
    const amount = screen.getByTestId('ar');
    expect(amount.tagName).toBe('BDI');
    expect(amount).toHaveAttribute('dir', 'ltr');
    expect(amount.textContent).toMatch(/USDT$/);
    expect(amount.textContent).not.toMatch(/^0/);
  });
});
