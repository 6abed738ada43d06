import { render, screen } from '@testing-library/react';
import { StatusBadge } from './status-badge';

test('a status badge carries its words and its tone, neutral unless told', () => {
  render(
    <>
      <StatusBadge>Pending</StatusBadge>
      <StatusBadge tone="live">Live</StatusBadge>
    </>,
  );
  const neutral = screen.getByText('Pending');
  const live = screen.getByText('Live');
  expect(neutral.className).not.toBe(live.className);
  expect(live.className).toMatch(/live/);
  expect(neutral.className).toMatch(/neutral/);
});
