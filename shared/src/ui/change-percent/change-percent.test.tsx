import { render, screen } from '@testing-library/react';
import { createI18n } from '../../i18n/create-i18n';
import { ChangePercent, changeDirection } from './change-percent';

beforeAll(() => {
  createI18n('en');
});

describe('ChangePercent', () => {
  it('shows a known change signed, with its direction', () => {
    render(<ChangePercent value="1.25" testId="change" />);
    expect(screen.getByTestId('change')).toHaveTextContent('+1.25%');
    expect(screen.getByTestId('change')).toHaveAttribute('data-direction', 'up');
  });

  it('shows an unknown change as "—", read as not known, never as 0 %', () => {
    render(<ChangePercent value={null} testId="change" label="Change today" />);
    const change = screen.getByTestId('change');
    expect(change).not.toHaveTextContent('0');
    expect(change).toHaveAttribute('data-direction', 'flat');
    expect(screen.getByText('—')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Change not known yet')).toBeInTheDocument();
    // Read aloud: the label, then the words; the dash is for the eye only.
    expect(change.textContent).toBe('Change today —Change not known yet');
  });

  it('points a change up, down or flat', () => {
    expect(changeDirection('0.01')).toBe('up');
    expect(changeDirection('-3')).toBe('down');
    expect(changeDirection('0')).toBe('flat');
    expect(changeDirection(null)).toBe('flat');
  });
});
